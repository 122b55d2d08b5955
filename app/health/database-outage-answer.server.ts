import type { ErrorRequestHandler, Response } from "express";
import type { FormRefusal } from "~/forms/form-result";
import { isDatabaseUnreachable, OUTAGE_FORM_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";

/**
 * What a request's load context carries (server/app.ts): whether one of its loaders or actions
 * failed because the database was away. React Router's error handler (entry.server.tsx) notes it.
 */
export type OutageNote = { met: boolean };

/** The headers of every answer to a request the database's absence refused. */
function markUnavailable(response: Response): void {
  response.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  response.setHeader("Cache-Control", "no-store");
}

/**
 * A request that failed only because the database was away is answered 503 with `Retry-After`,
 * not 500: nothing is wrong with the request or the app, and a proxy, a script or a visitor may try
 * again in a moment. React Router renders such a failure as any other (its error page, which shows
 * no internals in production, or a `.data` error); this turns its status as the headers go out,
 * for pages, `.data` requests and resource routes alike, once `note.met` says so. A page whose form
 * was refused for the outage (503, `answerForm`) gets `Retry-After` here too: React Router sends
 * an action's headers only to a script, not with the page it renders.
 */
export function answerOutagesAs503(response: Response): OutageNote {
  const note: OutageNote = { met: false };
  const writeHead = response.writeHead;
  // writeHead(status, [reason], [headers]): the reason, when given, is replaced with the status.
  response.writeHead = function (this: Response, ...args: unknown[]) {
    if (note.met && args[0] === 500 && !this.headersSent) {
      args[0] = 503;
      if (typeof args[1] === "string") args[1] = "Service Unavailable";
      this.statusMessage = "Service Unavailable";
    }
    if (args[0] === 503 && !this.headersSent && !this.hasHeader("Retry-After")) markUnavailable(this);
    return (writeHead as (...values: unknown[]) => Response).apply(this, args);
  } as typeof writeHead;
  return note;
}

/**
 * The last handler of the request stack, for a failure passed on before React Router (the public
 * posts' rate limit reads the database): 503 with `Retry-After` when the database was away, with
 * the form's refusal for a script that asked for JSON (the public forms' `fetch`: what was typed
 * stays in the form); anything else goes on to Express's own answer.
 */
export const answerDatabaseOutages: ErrorRequestHandler = (error, request, response, next) => {
  if (response.headersSent || !isDatabaseUnreachable(error)) return next(error);
  response.status(503);
  markUnavailable(response);
  if (request.accepts(["text/html", "application/json"]) === "application/json") {
    const refusal: FormRefusal = { ok: false, fieldErrors: {}, values: {}, formError: OUTAGE_FORM_MESSAGE };
    response.json(refusal);
  } else {
    response.type("text/plain").send("The site is briefly unavailable. Please try again in a moment.");
  }
};
