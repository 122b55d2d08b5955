import { createRequestHandler as createExpressHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler, type AppLoadContext } from "react-router";
import * as build from "virtual:react-router/server-build";
import { withClientAddress } from "~/request-safety/client-address.server";
import { serveKeptBookingPages } from "~/booking/booking-document.server";
import { KEPT_PUBLIC_PATHS, serveKeptPublicPages } from "~/site/kept-public-pages.server";
import { rememberFirstTouch } from "~/attribution/attribution-cookie.server";
import { answerOutagesAs503, type OutageNote } from "~/health/database-outage-answer.server";
import { routeIdFinder } from "~/http/route-ids";
import { logger } from "~/logging/logger.server";
import { openStorage, startApplication, stopApplication, stopBackgroundWork } from "~/server-lifecycle.server";
import { mountRequestStack } from "./request-stack";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's network address (Express `req.ip`; honours `trust proxy` when set). */
    clientAddress: string;
    /**
     * The nonce the answer's Content-Security-Policy names (server/request-stack.ts), for the
     * inline scripts the page writes; none for a page kept for many visitors, which names its
     * scripts by hash instead (decision 023).
     */
    cspNonce?: string;
    /** The booking page to render, as its loader's string: the kept booking document renders its template so. */
    bookingPage?: string;
    /** Noted by the error handler (entry.server.tsx) when a loader or action failed for want of the database: the answer is a 503. */
    outage?: OutageNote;
    /**
     * The request is React Router's own data request (`….data`: a client-side navigation or a
     * revalidation), which its loaders see at the page's address (app/http/document-navigation.ts).
     */
    dataRequest?: boolean;
  }
}

/**
 * The server bundle's entry (see vite.config.ts). It holds the whole app in
 * one module graph: the request handler, the database and the worker.
 * server.js (plain Node) mounts the request stack (server/request-stack.ts) with `app` as its pages.
 */
export const app = express.Router();

// The request's log line names the route that answered it (app/logging/request-log.server.ts).
const routeOf = routeIdFinder(build.routes);
app.use((request, response, next) => {
  response.locals.routeId = routeOf(request.path);
  next();
});

// The audit log records the address an admin's change came from, wherever in the request it is written.
app.use((request, _response, next) => withClientAddress(clientAddressOf(request), next));

function clientAddressOf(request: express.Request): string {
  return request.ip ?? request.socket.remoteAddress ?? "unknown";
}

// Public forms are rate-limited per visitor address.
function loadContext(request: express.Request, response: express.Response): AppLoadContext {
  return {
    clientAddress: clientAddressOf(request),
    cspNonce: response.locals.cspNonce,
    outage: answerOutagesAs503(response),
    dataRequest: request.path.endsWith(".data"),
  };
}

// The build as a module, not as a function returning it: given a function, React Router derives
// its route tables again on every request (a millisecond of CPU per page in the profile).
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);

// Pages answered from memory (app/booking/booking-document.server.ts), behind the request stack
// like every page: a kept page carries its compressed forms, made once. What they do not keep
// falls through to React Router. A kept page is rendered without a nonce and without the visitor's
// request: one document (its template) goes to many visitors.
// A tracked link (`?campaign=`, `?ref=`) sets the first-touch cookie on the page it lands on.
app.use(rememberFirstTouch);
app.get("/booking/:token", serveKeptBookingPages((path, page) => handleRequest(new Request(new URL(path, "http://localhost")), { clientAddress: "", bookingPage: page })));
// The public pages that are the same for every visitor, kept the same way (decision 037).
app.get(KEPT_PUBLIC_PATHS, serveKeptPublicPages((path) => handleRequest(new Request(new URL(path, "http://localhost")), { clientAddress: "" })));
app.use(createExpressHandler({ build, getLoadContext: loadContext }));

export { logger, mountRequestStack, startApplication, stopApplication, stopBackgroundWork };

// For bench/bare-listener.mjs: the same pages behind node:http and React Router's handler alone
// (no request stack, no worker), the floor `npm run bench:load` measures this server against.
export { build, openStorage };
