import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { coalescedOutput } from "~/document/coalesced-output";
import { CspNonce } from "~/document/csp-nonce";
import { paintsFirst, rewriteForPaintFirst } from "~/document/paint-first";
import { carriesFlashToast } from "~/forms/flash.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { redactedPath } from "~/logging/log-redaction";
import { logger } from "~/logging/logger.server";

/**
 * React Router's default server entry, with three changes: the public site's HTML passes through
 * `rewriteForPaintFirst` (see there why), every inline script carries the answer's
 * Content-Security-Policy nonce (server/request-stack.ts; decision 023), and the HTML leaves in a
 * few large chunks instead of many 2 KB ones (`coalescedOutput`, decision 027).
 */
export const streamTimeout = 5_000;

/**
 * The status React Router answers for a request it refused as bad, or null for a real fault: an
 * error response under 500 (400, 405 for a method the route has no handler for, …), and its own
 * origin check's error (answered 400; it compares Origin with Host, which an allowed alias of
 * the machine's own name can fail).
 */
function refusedStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status < 500 ? error.status : null;
  if (error instanceof Error && error.message.startsWith("The `request.url` origin does not match")) return 400;
  return null;
}

/**
 * A loader's or action's unexpected error, as a log line (React Router's default writes it to the
 * console). A request the visitor abandoned is not one, and a request refused as bad is the
 * visitor's doing: a warning, so that anyone's junk cannot fill the error log (issue 25).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = redactedPath(new URL(request.url).pathname);
  if (isDatabaseUnreachable(error)) {
    // The database away (a restart, a failover): the answer becomes a 503 with Retry-After (server/app.ts), and it is no fault of ours to report.
    const outage = (context as AppLoadContext | undefined)?.outage;
    if (outage) outage.met = true;
    logger.warn({ path }, "request failed: the database is unreachable");
    return;
  }
  const refused = refusedStatus(error);
  if (refused === null) logger.error({ err: error, path }, "request failed");
  else logger.warn({ status: refused, path }, "request refused");
};

function paintFirst(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const step = rewriteForPaintFirst(carry, decoder.write(chunk), nonce);
      carry = step.carry;
      callback(null, step.output);
    },
    flush(callback) {
      callback(null, carry + decoder.end());
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once, and so does the kept booking document's template
    // (app/booking/booking-document.server.ts): written whole, it is the same HTML however the
    // render's steps interleave.
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext?.bookingPage !== undefined;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = coalescedOutput(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html");
        // A page that carries a toast (after a form posted without the app) needs the app to show it: scripts first.
        if (paintsFirst(new URL(request.url).pathname) && !carriesFlashToast(request.headers.get("Cookie"))) {
          const rewritten = paintFirst(nonce);
          rewritten.pipe(body);
          pipe(rewritten);
        } else {
          pipe(body);
        }
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell are logged by React Router itself.
        if (shellRendered) logger.error({ err: error }, "rendering a page failed");
      },
    });
  });
}
