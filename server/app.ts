import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { startApplication, stopApplication } from "~/server-lifecycle.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's network address (Express `req.ip`; honours `trust proxy` when set). */
    clientAddress: string;
  }
}

/**
 * The server bundle's entry (see vite.config.ts). It holds the whole app in
 * one module graph: the request handler, the database and the worker.
 * server.js (plain Node) serves static files and mounts `app`.
 */
export const app = express();

app.disable("x-powered-by");
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    // Public forms are rate-limited per visitor address.
    getLoadContext: (request) => ({ clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown" }),
  }),
);

export { startApplication, stopApplication };
