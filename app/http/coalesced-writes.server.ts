import type { RequestHandler, Response } from "express";

type WriteCallback = (error?: Error | null) => void;

/**
 * Mounted right after compression: the writes an answer makes in one turn of the event loop go
 * to the compressor as one write and one flush, on the next turn.
 *
 * React Router's Express adapter writes a page in React's 2 KB chunks and calls `flush` after
 * each (compression's `res.flush`): the home page was 28 writes and 28 flushed brotli blocks, the
 * largest item of its CPU profile under load (`npm run bench:load`, README "Load"). A page
 * rendered at once now leaves as one compressed block; a page that streams (a Suspense boundary
 * resolving later) still leaves as it comes, one turn later. The chunks wait in memory instead of
 * pushing back (`write` answers true): one answer's writes of one turn, a page's size at most.
 */
export const coalescedWrites: RequestHandler = (_request, response, next) => {
  const write = response.write.bind(response) as (chunk: Buffer, callback: WriteCallback) => boolean;
  const end = response.end.bind(response) as (chunk?: unknown, encodingOrCallback?: unknown, callback?: unknown) => Response;
  const flush = typeof response.flush === "function" ? response.flush : undefined;
  let pending: Buffer[] = [];
  let callbacks: WriteCallback[] = [];
  let scheduled = false;

  const takePending = (): { body: Buffer; done: WriteCallback[] } => {
    const taken = { body: Buffer.concat(pending), done: callbacks };
    pending = [];
    callbacks = [];
    return taken;
  };

  const release = () => {
    scheduled = false;
    if (pending.length === 0 || response.writableEnded) return;
    const { body, done } = takePending();
    write(body, (error) => done.forEach((callback) => callback(error)));
    flush?.call(response);
  };

  response.write = function coalescedWrite(this: Response, chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
    pending.push(asBuffer(chunk, encodingOrCallback));
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    if (typeof done === "function") callbacks.push(done as WriteCallback);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
    return true;
  } as typeof response.write;

  response.end = function coalescedEnd(this: Response, chunk?: unknown, encodingOrCallback?: unknown, callback?: unknown): Response {
    if (pending.length === 0) return end(chunk, encodingOrCallback, callback);
    const finalChunk = typeof chunk === "function" || chunk === undefined || chunk === null ? undefined : chunk;
    if (finalChunk !== undefined) pending.push(asBuffer(finalChunk, encodingOrCallback));
    const { body, done } = takePending();
    const last = [chunk, encodingOrCallback, callback].find((argument) => typeof argument === "function") as WriteCallback | undefined;
    if (last) done.push(last);
    return done.length === 0 ? end(body) : end(body, () => done.forEach((each) => each()));
  } as typeof response.end;

  // The adapter's flush after each write is the release above, once per turn.
  if (flush) response.flush = () => undefined;
  next();
};

function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}
