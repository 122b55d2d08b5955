import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { carriesFlashToast } from "~/ui/flash.server";
import { bookingPageCache } from "./booking-page-cache.server";
import { isWellFormedToken, type BookingPageData } from "./booking.server";

/**
 * The booking page's HTML, rendered once per kept page. The profile of the page (docs/benchmarks/
 * booking.md) put ~18 ms of CPU into every request, two thirds of it not in the data: React's
 * render, the loader data's serialisation into the document, compression. A document is a pure
 * function of the page data it was rendered from (the server renders no clock, no visitor zone and,
 * without a flash cookie, no per-visitor state), so the HTML rendered from a kept page object is
 * that page's HTML for as long as the cache hands out the same object; a change or the clock
 * replaces the object and with it the document.
 */
type Encoding = "br" | "gzip";
type RenderedPage = {
  status: number;
  /** The headers that describe the document (type, caching), without the transfer ones. */
  headers: [string, string][];
  html: Buffer;
  /** Compressed once, on first demand per encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Renders the route's document as React Router answers it (server/app.ts passes its request handler). */
export type RenderDocument = (request: Request) => Promise<globalThis.Response>;

const documents = new WeakMap<BookingPageData, Promise<RenderedPage | null>>();

/** Headers of the rendered answer that describe the transfer, not the document: set again per answer. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary"]);

/**
 * Express handler for GET /booking/:token, in front of React Router: answers with the kept
 * document when there is one, renders and keeps it when there is none, and passes to React
 * Router whatever it does not keep (malformed or unknown links, query strings, a pending toast,
 * the cache not listening, anything but a plain 200 page).
 */
export function serveKeptBookingPages(render: RenderDocument) {
  return async function keptBookingPage(request: Request, response: Response, next: NextFunction): Promise<void> {
    try {
      const token = request.params.token;
      if (typeof token !== "string" || !isWellFormedToken(token) || request.url.includes("?") || carriesFlashToast(request.headers.cookie)) return next();
      const cache = bookingPageCache();
      await cache.ready();
      if (!cache.keeping) return next();
      const page = await cache.page(token);
      if (page.kind !== "ready") return next();
      let pending = documents.get(page);
      if (!pending) {
        pending = renderPage(render, request);
        documents.set(page, pending);
        // Not kept when it is not a plain page (or failed): the next request tries again.
        pending.then(
          (document) => {
            if (!document) documents.delete(page);
          },
          () => documents.delete(page),
        );
      }
      const document = await pending;
      if (!document) return next();
      send(request, response, document);
    } catch (error) {
      next(error);
    }
  };
}

async function renderPage(render: RenderDocument, request: Request): Promise<RenderedPage | null> {
  const answer = await render(request);
  // Only a plain page is the same for every visitor: no cookie is set, nothing is redirected.
  if (answer.status !== 200 || answer.headers.has("set-cookie")) {
    await answer.body?.cancel();
    return null;
  }
  const headers: [string, string][] = [];
  answer.headers.forEach((value, name) => {
    if (!TRANSFER_HEADERS.has(name)) headers.push([name, value]);
  });
  return { status: answer.status, headers, html: Buffer.from(await answer.arrayBuffer()), encoded: {} };
}

function send(request: Request, response: Response, document: RenderedPage): void {
  const encoding = request.acceptsEncodings("br", "gzip");
  const body = encoding === "br" || encoding === "gzip" ? encoded(document, encoding) : document.html;
  response.status(document.status);
  for (const [name, value] of document.headers) response.set(name, value);
  response.setHeader("Vary", "Accept-Encoding");
  if (body !== document.html) response.setHeader("Content-Encoding", encoding as Encoding);
  response.setHeader("Content-Length", body.length);
  response.end(body);
}

function encoded(document: RenderedPage, encoding: Encoding): Buffer {
  const known = document.encoded[encoding];
  if (known) return known;
  const made =
    encoding === "br"
      ? brotliCompressSync(document.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: document.html.length } })
      : gzipSync(document.html);
  document.encoded[encoding] = made;
  return made;
}
