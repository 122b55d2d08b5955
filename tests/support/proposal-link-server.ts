import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import * as page from "~/proposals/client-proposal-page";
import { mountRequestStack } from "../../server/request-stack";

type Args = Parameters<typeof page.action>[0];

/** What a route module answered (returned or thrown) as a status and a body. */
async function asResponse(run: () => Promise<unknown>): Promise<Response> {
  const answered = await run().catch((thrown: unknown) => thrown);
  if (answered instanceof Response) return answered;
  if (answered && typeof answered === "object" && "type" in answered && answered.type === "DataWithResponseInit") {
    const { data, init } = answered as unknown as { data: unknown; init?: ResponseInit | null };
    return new Response(JSON.stringify(data), { status: init?.status ?? 200, headers: { "Content-Type": "application/json" } });
  }
  if (answered instanceof Error) return new Response("Unexpected Server Error", { status: 500 });
  return new Response(JSON.stringify(answered ?? null), { status: 200 });
}

/**
 * The client's proposal link (`/proposal/{token}`) behind the one request stack (origin check,
 * public posts' counter, body limit), over real HTTP in this process, on this process's test
 * database: the route module called as React Router calls it. Any other path is a 404.
 */
export async function serveProposalLink(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = express();
  server.disable("x-powered-by");
  let url = "";
  const pages: express.RequestHandler = (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const match = /^\/proposal\/([^/?]+)$/.exec(request.path);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      const body = request.method === "GET" ? undefined : new Uint8Array(Buffer.concat(chunks));
      const args = { request: new Request(`${url}${request.originalUrl}`, { method: request.method, headers, body }), params: { token: match?.[1] ?? "" }, context: { clientAddress: request.ip ?? "" } } as unknown as Args;
      const run = !match ? async () => new Response("Not found", { status: 404 }) : request.method === "GET" ? () => page.loader(args) : () => page.action(args);
      void asResponse(run).then(async (answered) => {
        response.status(answered.status);
        answered.headers.forEach((value, name) => response.setHeader(name, value));
        response.send(Buffer.from(await answered.arrayBuffer()));
      });
    });
  };
  mountRequestStack(server, { files: (_request, _response, next) => next(), pages });
  const listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return {
    url,
    stop() {
      listener.closeAllConnections();
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}
