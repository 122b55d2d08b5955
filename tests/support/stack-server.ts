import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type express from "express";

/** An Express app with the request stack, listening on a free loopback port, as the tests of kept pages use it. */
export async function listenOnLoopback(app: express.Express): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(app);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function closeServer(server: http.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** A GET as a browser sends it; the body decoded by its Content-Encoding. */
export function browserGet(url: string, headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br, zstd" }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; html: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded = encoding === "gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : body;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, html: decoded.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}
