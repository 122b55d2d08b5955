import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coalescedWrites } from "./coalesced-writes.server";

// Over real HTTP, behind compression as in server/request-stack.ts, with a counter between the two:
// what the compressor receives from a page written in many chunks, each followed by a flush.

let base: string;
let listener: http.Server;
let reachedCompressor: { writes: number; flushes: number };
let releaseSecondPart: () => void = () => undefined;

const CHUNKS = Array.from({ length: 30 }, (_, index) => `<p>part ${index} ${"x".repeat(2000)}</p>`);

beforeAll(async () => {
  const server = express();
  server.use(compression());
  server.use((_request, response, next) => {
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const flush = response.flush.bind(response);
    response.write = ((...args: unknown[]) => {
      reachedCompressor.writes += 1;
      return write(...args);
    }) as typeof response.write;
    response.flush = () => {
      reachedCompressor.flushes += 1;
      flush();
    };
    next();
  });
  server.use(coalescedWrites);
  server.get("/page", async (_request, response) => {
    response.type("html");
    // As React Router's adapter writes a page: chunk by chunk as its reads resolve, a flush after each.
    for (const chunk of CHUNKS) {
      await Promise.resolve();
      response.write(chunk);
      response.flush();
    }
    setTimeout(() => response.end(), 20);
  });
  server.get("/streamed", (_request, response) => {
    response.type("html");
    response.write(`<p>shell ${"s".repeat(2000)}</p>`);
    response.flush();
    // The rest only once the client has the shell: the first part must not wait for the end.
    releaseSecondPart = () => response.end("<p>the rest</p>");
  });
  server.get("/small", (_request, response) => {
    response.write("{");
    response.write('"ok":true}');
    response.end();
  });
  listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

beforeEach(() => {
  reachedCompressor = { writes: 0, flushes: 0 };
});

function get(path: string, encoding: string, onData?: (received: Buffer) => void) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { "Accept-Encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          onData?.(Buffer.concat(chunks));
        });
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("coalesced writes", () => {
  it("hands the compressor a page written in one turn as one write and one flush, and the page arrives whole", async () => {
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
      ["identity", (body: Buffer) => body],
    ] as const) {
      reachedCompressor = { writes: 0, flushes: 0 };
      const { headers, body } = await get("/page", encoding);
      expect(headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(decode(body).toString()).toBe(CHUNKS.join(""));
      expect(reachedCompressor).toEqual({ writes: 1, flushes: 1 });
    }
  });

  it("still streams: what is written in a later turn leaves when written, before the answer ends", async () => {
    let shellArrived = false;
    const answer = await get("/streamed", "gzip", (received) => {
      if (shellArrived) return;
      let text = "";
      try {
        // A flushed gzip block decodes on its own (the stream is not finished yet).
        text = gunzipSync(received, { finishFlush: 2 }).toString();
      } catch {
        return;
      }
      if (text.includes("shell")) {
        shellArrived = true;
        releaseSecondPart();
      }
    });
    expect(shellArrived).toBe(true);
    expect(gunzipSync(answer.body).toString()).toBe(`<p>shell ${"s".repeat(2000)}</p><p>the rest</p>`);
  });

  it("ends with what is still waiting: a small answer goes out whole, below compression's threshold", async () => {
    const { headers, body } = await get("/small", "gzip");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe('{"ok":true}');
    expect(reachedCompressor.writes).toBe(0);
  });
});
