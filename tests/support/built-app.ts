import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { E2E_ADMIN } from "../e2e/support/app-server";

/** What server.js takes from the build (server/app.ts). */
type ServerBuild = {
  app: express.RequestHandler;
  mountRequestStack(server: express.Express, parts: { pages: express.RequestHandler }): void;
  startApplication(): Promise<unknown>;
  stopBackgroundWork(): Promise<void>;
  stopApplication(): Promise<void>;
};

let instances = 0;

/**
 * The production build served in this process, as server.js serves it (the one request stack in
 * front of the build's pages), on the embedded database in `dataDir` and a free loopback port:
 * for the checks that need HTTP but no browser (headers, cookies, origins, bodies, 404s), without
 * an app process of their own. A new instance of the build's modules for each call: the
 * configuration they read once belongs to it. `E2E_ADMIN` is its first admin; errors it logs are printed.
 */
export async function serveBuiltApp(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  buildIfStale(path.resolve("."));
  const server = express();
  server.disable("x-powered-by");
  const listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // NODE_ENV stays the suite's (test): React is loaded once per process, in the mode it was first
  // loaded in, and the build's modules must share it. So sign-in uses the suites' cheap password hash.
  Object.assign(process.env, {
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    PUBLIC_URL: url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  // Node's own import of the bundle (vitest.config.ts externalises build/server), as server.js does;
  // a new instance of it for each call, with the configuration of this file, in a process that
  // runs other files too (decision 036).
  const entry = pathToFileURL(path.resolve("build/server/index.js"));
  entry.searchParams.set("instance", String((instances += 1)));
  const build = (await import(/* @vite-ignore */ entry.href)) as ServerBuild;
  build.mountRequestStack(server, { pages: build.app });
  await build.startApplication();
  return {
    url,
    async stop() {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await build.stopBackgroundWork();
      await build.stopApplication();
    },
  };
}
