import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { config } from "~/config.server";
import { answerDatabaseOutages } from "~/health/database-outage-answer.server";
import { answerHealthChecks } from "~/health/health-endpoints.server";
import { newNonce } from "~/http/content-security-policy";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { bodyLimitFor } from "~/http/request-body-limit";
import { allowedOriginsFor, judgeRequestOrigin } from "~/http/request-origin";
import { DOCUMENT_ONLY_HEADERS, isBuiltScriptOrStyle, isPrivatePath, securityHeaders } from "~/http/security-headers.server";
import { logRequests } from "~/logging/request-log.server";
import { countPublicPost, countsAsPublicPost } from "~/request-safety/public-post-limit.server";
import { describeWait } from "~/request-safety/rate-limit.server";

/**
 * The one path every request takes, in development and in production (server.js mounts it on its
 * Express app): its request id and log line, the health probes (answered before anything that
 * counts or refuses requests), the security headers every answer carries, the checks every request that changes
 * something passes (its origin, its public sender's rate, its size: decision 023), compression,
 * the browser's files, then the pages (server/app.ts `app`: kept booking pages, then React
 * Router, better-auth's API among its routes), and last the answer to a failure for want of the
 * database. A header or a check added here covers every page, the kept booking page included.
 *
 * Mounted as layers of the app itself rather than as a router of its own: a router whose layers
 * all pass the request on hands it back on the next turn of the event loop (`setImmediate`), a
 * delay every page would pay.
 */
export function mountRequestStack(server: express.Express, { files, pages }: { files?: RequestHandler; pages: RequestHandler }): void {
  // Behind a reverse proxy, the visitor's address (rate limits, the audit log) and protocol come
  // from its X-Forwarded-* headers, believed only from the proxies TRUST_PROXY names.
  server.set("trust proxy", config().trustProxy);
  server.use(logRequests);
  server.use(answerHealthChecks);
  server.use(commonHeaders);
  server.use(servedMethods);
  server.use(sameOriginWrites);
  server.use(boundedBodies);
  // Compresses what is not compressed yet: a kept booking page answers with the gzip or brotli
  // form it made once (app/booking/booking-document.server.ts), and compression sends an answer
  // that names its Content-Encoding as it is.
  server.use(compression());
  if (files) server.use(files);
  else mountBuiltFiles(server, "build/client");
  server.use(pages);
  // A failure passed on to Express because the database was away: 503 with Retry-After (decision 045).
  server.use(answerDatabaseOutages);
}

declare module "express-serve-static-core" {
  interface Locals {
    /** This answer's Content-Security-Policy nonce: the inline scripts React Router writes carry it. */
    cspNonce?: string;
  }
}

/** Headers for every answer: the security ones, and for private pages a rule that nothing keeps them. */
const commonHeaders: RequestHandler = (request, response, next) => {
  const nonce = newNonce();
  response.locals.cspNonce = nonce;
  for (const [name, value] of securityHeaders({ nonce }, undefined, request.path)) response.setHeader(name, value);
  if (isPrivatePath(request.path)) keepPrivate(response);
  next();
};

/**
 * Set as the headers go out, over whatever the route said: React Router's adapter appends a
 * route's own Cache-Control beside one set earlier.
 */
function keepPrivate(response: express.Response): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** What the app answers: pages and files (GET, HEAD) and forms (POST); better-auth's open endpoints are among them. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);
const ALLOW = [...SERVED_METHODS].join(", ");

/**
 * Any other method (TRACE, OPTIONS, PUT, DELETE, a made-up one) is answered 405 with `Allow` before
 * anything else reads it (issue 41): no page has a use for one, and the Request React Router builds
 * cannot even carry some (TRACE was a 500 and an error in the log).
 */
const servedMethods: RequestHandler = (request, response, next) => {
  if (SERVED_METHODS.has(request.method)) return next();
  response.setHeader("Allow", ALLOW);
  refuse(response, 405, `Only ${ALLOW} requests are served here.`);
};

let allowedOrigins: string[] | undefined;

/** Every request that changes something, to any page, action, resource route or /api/auth: from our own pages only. */
const sameOriginWrites: RequestHandler = (request, response, next) => {
  allowedOrigins ??= allowedOriginsFor(config().publicUrl);
  const verdict = judgeRequestOrigin(
    { method: request.method, origin: request.get("origin"), fetchSite: request.get("sec-fetch-site"), cookie: request.get("cookie") },
    allowedOrigins,
  );
  if (verdict.allowed) return next();
  refuse(response, 403, verdict.reason);
};

/**
 * A body larger than the route allows is refused from its Content-Length, before anything reads
 * it; a body without one (chunked) cannot be measured in advance and is refused too: browsers
 * always send the length of a form or a fetch. Public posts are counted against their sender
 * first, so refused ones count too.
 */
const boundedBodies: RequestHandler = (request, response, next) => {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return next();
  const check = () => {
    const length = request.get("content-length");
    if (length === undefined) {
      if (request.get("transfer-encoding")) return refuse(response, 411, "Send the request with its Content-Length.");
      return next();
    }
    const limit = bodyLimitFor(request.path);
    if (!/^\d+$/.test(length)) return refuse(response, 400, "The Content-Length header is not a number.");
    if (Number(length) > limit) return refuse(response, 413, `The request is too large (over ${Math.round(limit / 1024)} KB).`);
    next();
  };
  if (!countsAsPublicPost(request.path)) return check();
  countPublicPost(request.ip ?? request.socket.remoteAddress ?? "unknown").then(
    (verdict) => {
      if (verdict.allowed) return check();
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      response.setHeader("Retry-After", String(seconds));
      refuse(response, 429, `Too many requests. Please try again ${describeWait(verdict.retryAfterMs)}.`);
    },
    // The database away: the post can be neither counted nor saved. Its form refuses it with what
    // was typed (a 503, decision 045), which this answer could not do.
    (error: unknown) => (isDatabaseUnreachable(error) ? check() : next(error)),
  );
};

/** Answers a refused request with its reason; the body is not read, and the connection is closed rather than drained. */
function refuse(response: express.Response, status: number, message: string): void {
  response.status(status).setHeader("Connection", "close");
  response.type("text/plain").send(message);
}

/** Production: the files the build wrote for the browser (development: Vite's middleware instead). */
function mountBuiltFiles(server: express.Express, directory: string): void {
  // The build wrote each asset also brotli- and gzip-compressed (vite.config.ts): sent as they are.
  server.use(
    "/assets",
    expressStaticGzip(path.join(directory, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        setHeaders: (response, filePath) => {
          if (isBuiltScriptOrStyle(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name);
        },
      },
    }),
  );
  // The other public files (favicon.svg) all have an extension; a page's path (/booking/{token})
  // never makes the disk look for a file of its name, nor does a page's loader data (`….data`).
  const publicFiles = express.static(directory, { maxAge: "1h", index: false });
  server.use((request, response, next) => {
    const extension = path.extname(request.path);
    return extension && extension !== ".data" ? publicFiles(request, response, next) : next();
  });
}
