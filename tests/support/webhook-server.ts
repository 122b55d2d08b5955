import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import * as webhook from "~/invoices/stripe-webhook-route";
import { mountRequestStack } from "../../server/request-stack";

type RouteArgs = Parameters<typeof webhook.action>[0];

/**
 * Stripe's webhook route behind the one request stack (origin check, public posts' counter, body
 * limit), over real HTTP in this process, on this process's test database: the route module
 * called as React Router calls it (the body, untouched, in a Request; a throw answered 500), so
 * the attack tests also run on PostgreSQL. Any other path is a 404.
 */
export async function serveStripeWebhook(): Promise<{ url: string; webhookUrl: string; stop(): Promise<void> }> {
  const server = express();
  server.disable("x-powered-by");
  const pages: express.RequestHandler = (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void answer(request, Buffer.concat(chunks)).then(async (answered) => {
        response.status(answered.status);
        answered.headers.forEach((value, name) => response.setHeader(name, value));
        response.send(Buffer.from(await answered.arrayBuffer()));
      });
    });
  };
  mountRequestStack(server, { files: (_request, _response, next) => next(), pages });
  const listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;

  async function answer(request: express.Request, body: Buffer): Promise<Response> {
    if (request.path !== "/webhooks/stripe") return new Response("Not found", { status: 404 });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const fetchRequest = new Request(`${url}${request.originalUrl}`, { method: request.method, headers, body: request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(body) });
    const args = { request: fetchRequest, params: {}, context: {} } as unknown as RouteArgs;
    try {
      return request.method === "GET" ? webhook.loader() : await webhook.action(args);
    } catch {
      // React Router answers a resource route's failure so (and logs it, as handleError does).
      return new Response("Unexpected Server Error", { status: 500 });
    }
  }

  return {
    url,
    webhookUrl: `${url}/webhooks/stripe`,
    stop() {
      listener.closeAllConnections();
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}
