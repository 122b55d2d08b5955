import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { inlineScriptHashes } from "~/http/content-security-policy";
import { pagePolicy } from "~/http/security-headers.server";

/**
 * A document kept for many visitors (the booking page, decision 009; the public pages, decision
 * 041): its HTML as React Router rendered it once, its Content-Security-Policy and its compressed
 * forms, and how it is sent.
 */
type Encoding = "br" | "gzip";
export type KeptDocument = {
  status: number;
  /** The headers that describe the document (type, caching), without the transfer ones. */
  headers: [string, string][];
  html: Buffer;
  /**
   * Its Content-Security-Policy: one document goes to many visitors, so its inline scripts are
   * named by their hashes, not by a nonce (decision 023).
   */
  policy: string;
  /** Compressed once, on first demand per encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Headers of the rendered answer that describe the transfer, not the document: set again per answer. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary"]);

/**
 * A rendered answer as a document to keep, or null when it is not one: only a plain page is the
 * same for every visitor (status 200, no cookie set).
 */
export async function renderedDocument(answer: globalThis.Response): Promise<{ status: number; headers: [string, string][]; html: string } | null> {
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
  return { status: answer.status, headers, html: await answer.text() };
}

/** A rendered answer kept as it is, its inline scripts named by their hashes; null when it is not a plain page. */
export async function keptDocumentOf(answer: globalThis.Response): Promise<KeptDocument | null> {
  const rendered = await renderedDocument(answer);
  if (!rendered) return null;
  return { ...rendered, html: Buffer.from(rendered.html, "utf8"), policy: pagePolicy({ hashes: inlineScriptHashes(rendered.html) }), encoded: {} };
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

/**
 * Answers with a kept document. It names its Content-Encoding, so the request stack's compression
 * sends it as it is, and its own Content-Security-Policy, in place of the stack's per-request one.
 */
export function sendKeptDocument(request: Request, response: Response, document: KeptDocument): void {
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

function encoded(document: KeptDocument, encoding: Encoding): Buffer {
  const known = document.encoded[encoding];
  if (known) return known;
  const made =
    encoding === "br"
      ? brotliCompressSync(document.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: document.html.length } })
      : gzipSync(document.html);
  document.encoded[encoding] = made;
  return made;
}
