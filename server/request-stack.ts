import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The one path every request takes, in development and in production (server.js mounts it on its
 * Express app): the headers every answer carries, (later) the request log, compression, the
 * browser's files, then the pages (server/app.ts `app`: kept booking pages, then React Router).
 * A header or a log line added here covers every page, the kept booking page included.
 *
 * Mounted as layers of the app itself rather than as a router of its own: a router whose layers
 * all pass the request on hands it back on the next turn of the event loop (`setImmediate`), a
 * delay every page would pay.
 */
export function mountRequestStack(server: express.Express, { files, pages }: { files?: RequestHandler; pages: RequestHandler }): void {
  server.use(commonHeaders);
  // Compresses what is not compressed yet: a kept booking page answers with the gzip or brotli
  // form it made once (app/booking/booking-document.server.ts), and compression sends an answer
  // that names its Content-Encoding as it is.
  server.use(compression());
  if (files) server.use(files);
  else mountBuiltFiles(server, "build/client");
  server.use(pages);
}

/** Headers for every answer. */
const commonHeaders: RequestHandler = (_request, response, next) => {
  response.setHeader("X-Content-Type-Options", "nosniff");
  next();
};

/** Production: the files the build wrote for the browser (development: Vite's middleware instead). */
function mountBuiltFiles(server: express.Express, directory: string): void {
  // The build wrote each asset also brotli- and gzip-compressed (vite.config.ts): sent as they are.
  server.use(
    "/assets",
    expressStaticGzip(path.join(directory, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The other public files (favicon.svg) all have an extension; a page's path (/booking/{token})
  // never makes the disk look for a file of its name.
  const publicFiles = express.static(directory, { maxAge: "1h", index: false });
  server.use((request, response, next) => (path.extname(request.path) ? publicFiles(request, response, next) : next()));
}
