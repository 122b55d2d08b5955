import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { isHealthCheck } from "~/http/health-paths";
import { logger } from "./logger.server";
import { redactedPath, requestIdFrom } from "./log-redaction";

declare module "express-serve-static-core" {
  interface Locals {
    /** This request's id: the proxy's X-Request-Id when sane, else a new one; echoed in the answer. */
    requestId?: string;
    /** The React Router route that answered (server/app.ts), for the request's log line. */
    routeId?: string;
  }
}

/**
 * One log line per request when its answer is done (or the client went away): method, route,
 * path (tokens and query left out), status, duration and request id. Health probes, every few
 * seconds from every proxy, are logged at debug level.
 */
export const logRequests: RequestHandler = (request, response, next) => {
  const started = performance.now();
  const requestId = requestIdFrom(request.get("x-request-id")) ?? randomUUID();
  response.locals.requestId = requestId;
  response.setHeader("X-Request-Id", requestId);
  response.once("close", () => {
    const fields = {
      req_id: requestId,
      method: request.method,
      route: response.locals.routeId,
      path: redactedPath(request.originalUrl),
      status: response.statusCode,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    if (isHealthCheck(request.path)) logger.debug(fields, "request");
    else if (response.statusCode >= 500) logger.warn(fields, "request");
    else logger.info(fields, "request");
  });
  next();
};
