// The HTTP server: plain Node, so a signal stops it and nothing else.
// `node server.js` serves the production build; `node server.js --dev` runs
// Vite in middleware mode with hot reload. Both mount the same request stack
// (server/request-stack.ts): every request, every page, takes that one path.
import http from "node:http";
import express from "express";

const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

const server = express();
server.disable("x-powered-by");

let lifecycle;
if (development) {
  const vite = await import("vite").then((module) =>
    module.createServer({ server: { middlewareMode: true } }),
  );
  lifecycle = await vite.ssrLoadModule("./server/app.ts");
  // The browser's files from Vite; the pages from the app's modules as they are now (hot reload).
  const pages = async (request, response, next) => {
    try {
      const module = await vite.ssrLoadModule("./server/app.ts");
      module.app(request, response, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  };
  lifecycle.mountRequestStack(server, { files: vite.middlewares, pages });
} else {
  lifecycle = await import("./build/server/index.js");
  lifecycle.mountRequestStack(server, { pages: lifecycle.app });
}

let report;
try {
  report = await lifecycle.startApplication();
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

const listener = http.createServer(server);
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
