// The HTTP server: plain Node, so a signal stops it and nothing else.
// `node server.js` serves the production build; `node server.js --dev` runs
// Vite in middleware mode with hot reload.
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

const server = express();
server.disable("x-powered-by");

let lifecycle;
if (development) {
  server.use(compression());
  const vite = await import("vite").then((module) =>
    module.createServer({ server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  lifecycle = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (request, response, next) => {
    try {
      const module = await vite.ssrLoadModule("./server/app.ts");
      module.keptPages(request, response, (error) => (error ? next(error) : module.app(request, response, next)));
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  lifecycle = await import("./build/server/index.js");
  // Kept pages first: they bring their own compression, made once per page, not per request.
  server.use(lifecycle.keptPages);
  server.use(compression());
  // The build wrote each asset also brotli- and gzip-compressed (vite.config.ts): sent as they are.
  server.use(
    "/assets",
    expressStaticGzip("build/client/assets", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The other public files (favicon.svg) all have an extension; a page's path (/booking/{token})
  // never makes the disk look for a file of its name.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  server.use((request, response, next) => (path.extname(request.path) ? publicFiles(request, response, next) : next()));
  server.use(lifecycle.app);
}

let report;
try {
  report = await lifecycle.startApplication();
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

// Production: a kept booking page is answered before Express sees the request (it returns false,
// having done nothing, for any other request).
const answerFromKeptPage = development ? () => false : lifecycle.answerFromKeptPage;
const listener = http.createServer((request, response) => answerFromKeptPage(request, response) || server(request, response));
listener.listen(report.port, () => {
  const url = report.publicUrl;
  console.log(`\nAgency site ready at ${url}  (${report.storage})`);
  const admin = report.firstAdmin;
  if (admin?.generatedPassword) {
    console.log(`\nFirst admin created. Sign in at ${url}/auth with:`);
    console.log(`  e-mail:   ${admin.email}`);
    console.log(`  password: ${admin.generatedPassword}`);
    console.log("This password is shown only once; change it after signing in.\n");
  } else if (admin) {
    console.log(`\nFirst admin: ${admin.email} (password from ADMIN_PASSWORD or the existing account).\n`);
  }
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  listener.close();
  listener.closeAllConnections?.();
  await lifecycle.stopApplication();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
