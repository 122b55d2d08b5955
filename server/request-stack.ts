import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The one path every request takes, in development and in production (server.js mounts it once):
 * the headers every answer carries, (later) the request log, compression, the browser's files,
 * then the pages (server/app.ts `app`: kept booking pages, then React Router). A header or a log
 * line added here covers every page, the kept booking page included.
 */
export function requestStack({ files = builtFiles("build/client"), pages }: { files?: RequestHandler; pages: RequestHandler }): express.Router {
  const stack = express.Router();
  stack.use(commonHeaders);
  // Compresses what is not compressed yet: a kept booking page answers with the gzip or brotli
  // form it made once (app/booking/booking-document.server.ts), and compression leaves an answer
  // that names its Content-Encoding as it is.
  stack.use(compression());
  stack.use(files);
  stack.use(pages);
  return stack;
}

/** Headers for every answer. */
const commonHeaders: RequestHandler = (_request, response, next) => {
  response.setHeader("X-Content-Type-Options", "nosniff");
  next();
};

/** Production: the files the build wrote for the browser (development: Vite's middleware instead). */
function builtFiles(directory: string): RequestHandler {
  const files = express.Router();
  // The build wrote each asset also brotli- and gzip-compressed (vite.config.ts): sent as they are.
  files.use(
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
  files.use((request, response, next) => (path.extname(request.path) ? publicFiles(request, response, next) : next()));
  return files;
}
