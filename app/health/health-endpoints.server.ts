import type { RequestHandler } from "express";
import { checkReadiness } from "./readiness.server";

/**
 * `GET /healthz`: the process is up and answering (no database: a database outage must not make
 * an orchestrator restart every process). `GET /readyz`: it can serve (readiness.server.ts); 503
 * with the reason when not. Both never cached, before every check that counts or refuses requests.
 */
export const answerHealthChecks: RequestHandler = (request, response, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  if (request.path === "/healthz") return answer(response, 200, "ok");
  if (request.path !== "/readyz") return next();
  checkReadiness().then(
    (readiness) => (readiness.ready ? answer(response, 200, "ready") : answer(response, 503, `not ready: ${readiness.reason}`)),
    next,
  );
};

function answer(response: Parameters<RequestHandler>[1], status: number, text: string): void {
  response.status(status).setHeader("Cache-Control", "no-store");
  response.type("text/plain").send(text);
}
