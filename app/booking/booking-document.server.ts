import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { inlineScriptHashes } from "~/http/content-security-policy";
import { pagePolicy } from "~/http/security-headers.server";
import { carriesFlashToast } from "~/forms/flash.server";
import { bookingPageCache, type BookingPageCache } from "./booking-page-cache.server";
import { isWellFormedToken } from "~/consultations/visitor-booking.server";
import type { BookingPageData } from "./booking.server";

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
  /**
   * Its Content-Security-Policy: one document goes to many visitors, so its inline scripts are
   * named by their hashes, not by a nonce (decision 026).
   */
  policy: string;
  /** Compressed once, on first demand per encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Renders the route's document as React Router answers it (server/app.ts passes its request handler). */
export type RenderDocument = (request: Request) => Promise<globalThis.Response>;

/** Renders under way or done, by the page object they render; `rendered` holds the finished ones. */
const documents = new WeakMap<BookingPageData, Promise<RenderedPage | null>>();
const rendered = new WeakMap<BookingPageData, RenderedPage>();

/** Headers of the rendered answer that describe the transfer, not the document: set again per answer. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary"]);

/**
 * Express handler for GET /booking/:token, behind the request stack (server/request-stack.ts:
 * common headers, compression, files) and in front of React Router: answers with the kept
 * document when there is one (synchronously: no promise on the way of a kept page), renders and
 * keeps it when there is none, and passes to React Router whatever it does not keep (malformed
 * or unknown links, query strings, a pending toast, the cache not listening, anything but a
 * plain 200 page). The answer names its Content-Encoding, so the stack's compression sends it
 * as it is.
 */
export function serveKeptBookingPages(render: RenderDocument) {
  return function keptBookingPage(request: Request, response: Response, next: NextFunction): void {
    const token = request.params.token;
    if (typeof token !== "string" || !isWellFormedToken(token) || request.url.includes("?") || carriesFlashToast(request.headers.cookie)) {
      return next();
    }
    const cache = bookingPageCache();
    const kept = cache.keptPage(token);
    const document = kept && rendered.get(kept);
    if (document) return send(request, response, document);
    renderAndSend(cache, token, render, request, response, next).catch(next);
  };
}

async function renderAndSend(
  cache: BookingPageCache,
  token: string,
  render: RenderDocument,
  request: Request,
  response: Response,
  next: NextFunction,
): Promise<void> {
  await cache.ready();
  if (!cache.keeping) return next();
  const page = await cache.page(token);
  if (page.kind !== "ready") return next();
  let pending = documents.get(page);
  if (!pending) {
    pending = renderPage(render, request);
    documents.set(page, pending);
    pending.then(
      (document) => {
        // Not kept when it is not a plain page: the next request tries again.
        if (document) rendered.set(page, document);
        else documents.delete(page);
      },
      () => documents.delete(page),
    );
  }
  const document = await pending;
  if (!document) return next();
  send(request, response, document);
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
    if (TRANSFER_HEADERS.has(name)) return;
    // As Express would send it (React Router's answer names no charset; the HTML is UTF-8).
    if (name === "content-type" && value.startsWith("text/") && !value.includes("charset")) headers.push([name, `${value}; charset=utf-8`]);
    else headers.push([name, value]);
  });
  const html = Buffer.from(await answer.arrayBuffer());
  return { status: answer.status, headers, html, policy: pagePolicy({ hashes: inlineScriptHashes(html.toString("utf8")) }), encoded: {} };
}

/** The encoding to answer an Accept-Encoding header with; browsers send a handful of distinct headers, so they are remembered. */
const encodingFor = new Map<string, Encoding | null>();

function negotiate(request: Request): Encoding | null {
  const header = request.headers["accept-encoding"] ?? "";
  let encoding = encodingFor.get(header);
  if (encoding === undefined) {
    const accepted = request.acceptsEncodings("br", "gzip");
    encoding = accepted === "br" || accepted === "gzip" ? accepted : null;
    if (encodingFor.size >= 100) encodingFor.clear();
    encodingFor.set(header, encoding);
  }
  return encoding;
}

function send(request: Request, response: Response, document: RenderedPage): void {
  const encoding = negotiate(request);
  const body = encoding ? encoded(document, encoding) : document.html;
  response.statusCode = document.status;
  for (const [name, value] of document.headers) response.setHeader(name, value);
  response.setHeader("Content-Security-Policy", document.policy);
  response.setHeader("Vary", "Accept-Encoding");
  if (encoding) response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", body.length);
  response.end(body);
}

/**
 * Most links are opened by one visitor, so a page's first view, compression included, is what a
 * link costs. Brotli quality 4 (compression's own for every other page): on a 40 KB booking page
 * it took ~0.65 of quality 5's time and came out smaller (10.96 KB against 11.09 KB).
 */
const BROTLI_QUALITY = 4;

function encoded(document: RenderedPage, encoding: Encoding): Buffer {
  const known = document.encoded[encoding];
  if (known) return known;
  const made =
    encoding === "br"
      ? brotliCompressSync(document.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: document.html.length } })
      : gzipSync(document.html);
  document.encoded[encoding] = made;
  return made;
}
