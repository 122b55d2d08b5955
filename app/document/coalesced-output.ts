import { Transform } from "node:stream";

/**
 * The page's HTML as React writes it, gathered into one chunk per turn of the event loop.
 * React writes its output in pieces of 2 KB; React Router's adapter hands each piece to the
 * response on its own and flushes it (`res.flush()`, which makes the compression middleware end a
 * deflate block each time), so a 200 KB list page left as ~100 compressed blocks and ~100 socket
 * writes. React writes everything it has ready in one synchronous pass, so what one turn wrote
 * leaves together, just after: a streamed page still streams, each part as soon as it is ready.
 * `onFinal` runs when React has written the whole page.
 */
export function coalescedOutput(onFinal?: () => void): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  return new Transform({
    // React's pieces are taken at once (nothing is pushed synchronously, so the readable side never
    // holds them back); the readable side's limit still applies to what waits for the socket.
    writableHighWaterMark: 1024 * 1024,
    transform(chunk: Buffer | string, encoding, callback) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => release(this));
      }
      callback();
    },
    flush(callback) {
      onFinal?.();
      release(this);
      callback();
    },
  });
}
