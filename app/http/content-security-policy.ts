import { createHash, randomFillSync } from "node:crypto";

/**
 * The Content-Security-Policy of every page (decision 023). Scripts: the app's own files and the
 * inline scripts the server wrote for this answer, named by the answer's nonce, or, for a page
 * kept and sent again to many visitors (the booking page, decision 009), by their hashes. Styles
 * allow inline ones (`style` attributes of Radix' positioning, the `<style>` Sonner inserts): a
 * style cannot run code, and with scripts locked down that is the accepted trade-off.
 */
export type ScriptPermission = { nonce: string } | { hashes: string[] };

export function contentSecurityPolicy(scripts: ScriptPermission, options: { development?: boolean; framedBySelf?: boolean; formActions?: readonly string[] } = {}): string {
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Vite's hot reload talks over its own WebSocket port in development.
    options.development ? "connect-src 'self' ws:" : "connect-src 'self'",
    // The e-mail previews are `srcdoc` frames: they need no source, and inherit this policy.
    "frame-src 'self'",
    // An invoice's 'Pay now' posts to the site, which answers with a redirect to Stripe's hosted
    // page: browsers hold that redirect to form-action too (decision 047).
    ["form-action 'self'", ...(options.formActions ?? [])].join(" "),
    "base-uri 'none'",
    // The one plugin content: the invoice PDF the send dialog shows from the site itself.
    "object-src 'self'",
    options.framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_BYTES = 16;
/**
 * Random bytes for 256 nonces, drawn at once: asking the system for 16 bytes per answer cost ~0.04
 * ms of every request (5% of a kept booking page's CPU in its profile); each slice is used once.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

/** A fresh nonce per answer: 128 random bits, never handed out twice. */
export function newNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The CSP hashes of every inline script of a document the server wrote (a `<script>` without
 * `src`, whatever its type: a data block needs none, but a hash too many allows nothing).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", source = ""] = match;
    if (/\ssrc=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(source, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
