import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { inlineScriptHashes } from "~/http/content-security-policy";
import { pagePolicy } from "~/http/security-headers.server";
import { carriesFlashToast } from "~/forms/flash.server";
import { logger } from "~/logging/logger.server";
import { bookingPageCache, type BookingPageCache } from "./booking-page-cache.server";
import { isWellFormedToken } from "~/consultations/invitation-token.server";
import { encodeBookingPage, type BookingPageView } from "./booking-page-data";
import { bookingPageText, type BookingPageData } from "./booking.server";
import { keptDocumentOf, renderedDocument, sendKeptDocument, type KeptDocument } from "./kept-document.server";

/**
 * The booking page's HTML, kept per page (decision 009) and made from one template (decision 035).
 *
 * The server renders no clock, no visitor zone and (without a flash cookie) no per-visitor state:
 * until the browser knows the visitor's zone, the page shows its loading line. Every link's
 * document is therefore the same document except for the page's data, which the route's loader
 * hands React Router as ONE string (booking-page-data.ts), and React Router writes a string into
 * the document in one way whatever it holds. So React Router renders the booking route once per
 * process, for two made-up pages (the template's samples); each link's document is that template
 * with its own string put in place, written as React Router writes it. A link's first view then
 * costs its one query and a string put together, not a render (~10 ms of CPU before).
 *
 * The template is used only when it is one: both samples must render to the same document around
 * their strings, each found once, written as this module writes it. When a change makes the server
 * render depend on anything else (a name rendered on the server, the link in the page, another way
 * of writing strings), the samples differ, a warning is logged, and every link's document is
 * rendered by React Router as before.
 */
/**
 * Renders the booking route's document at `path` for the page `page` (its string, as the loader
 * answers it) as React Router answers it: server/app.ts passes its request handler, given the page
 * through the load context.
 */
export type RenderDocument = (path: string, page: string) => Promise<globalThis.Response>;

/** A document around its page's string: everything before and after, and the inline script that holds it. */
type Template = {
  status: number;
  headers: [string, string][];
  before: string;
  after: string;
  /** The data script's source before and after the string (its CSP hash is the link's own). */
  scriptBefore: string;
  scriptAfter: string;
  /** The hashes of every other inline script. */
  hashes: string[];
};

/**
 * The two made-up pages the template is rendered from, as different as a page can be (every field,
 * the link itself), the first with every character that is written escaped.
 */
const SAMPLES: { path: string; view: BookingPageView }[] = [
  {
    path: `/booking/00000000-0000-4000-8000-000000000001-${"a".repeat(32)}`,
    view: {
      kind: "ready",
      leadName: `Sample "<a>" & 'b' \\ \u2028\u2029 \n\t</script><!-- é 😀`,
      status: "pending",
      booked: null,
      meetingLink: null,
      offered: "2099-01-05:540,570",
      proposed: [],
      canChange: true,
      cutoffHours: 24,
      timeZone: "America/New_York",
      companyName: `Studio "<b>" & 'c'`,
      durationMinutes: 30,
    },
  },
  {
    path: `/booking/00000000-0000-4000-8000-000000000002-${"b".repeat(32)}`,
    view: {
      kind: "ready",
      leadName: "Another sample",
      status: "rescheduled",
      booked: { start: "2099-01-06T15:00:00.000Z", end: "2099-01-06T15:30:00.000Z" },
      meetingLink: "https://meet.example.invalid/sample",
      offered: "",
      proposed: [{ start: "2099-01-07T15:00:00.000Z", end: "2099-01-07T15:30:00.000Z" }],
      canChange: false,
      cutoffHours: 48,
      timeZone: "Asia/Tokyo",
      companyName: "Another studio",
      durationMinutes: 45,
    },
  },
];

/** React Router's escaping of a script's text in the document (`escapeHtml`, lib/dom/ssr/markup.ts). */
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * A loader's string as the document holds it: written into the loader data (turbo-stream: a JSON
 * string), that data written as a JSON string into the script that streams it, escaped for HTML.
 * Each step escapes character by character, so the string's own part is found and put in place alone.
 */
export function asWrittenInDocument(text: string): string {
  return JSON.stringify(JSON.stringify(text)).slice(3, -3).replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character] ?? character);
}

/** Splits a document around the one place its page's string is written, or null. */
function around(html: string, text: string): { before: string; after: string } | null {
  const written = asWrittenInDocument(text);
  const at = html.indexOf(written);
  if (at < 0 || html.indexOf(written, at + 1) >= 0) return null;
  return { before: html.slice(0, at), after: html.slice(at + written.length) };
}

/** The template, or null (with a warning) when the samples show the document depends on more than the page's string. */
async function makeTemplate(render: RenderDocument): Promise<Template | null> {
  const refuse = (reason: string) => {
    logger.warn({ reason }, "the booking page has no template: every link's document is rendered by React Router");
    return null;
  };
  const samples = await Promise.all(
    SAMPLES.map(async ({ path, view }) => {
      const text = encodeBookingPage(view);
      const rendered = await renderedDocument(await render(path, text));
      return rendered && { rendered, parts: around(rendered.html, text) };
    }),
  );
  const [first, second] = samples;
  if (!first || !second) return refuse("a sample page was not a plain page");
  if (!first.parts || !second.parts) return refuse("a sample page's data is not written once, as expected");
  if (first.parts.before !== second.parts.before || first.parts.after !== second.parts.after) return refuse("the samples' documents differ beyond their data");
  const { before, after } = first.parts;
  const scriptStart = before.lastIndexOf("<script");
  const scriptOpened = before.indexOf(">", scriptStart) + 1;
  const scriptEnd = after.indexOf("</script>");
  if (scriptStart < 0 || scriptOpened <= scriptStart || scriptEnd < 0 || /\ssrc=/i.test(before.slice(scriptStart, scriptOpened))) {
    return refuse("the page's data is not in an inline script");
  }
  return {
    status: first.rendered.status,
    headers: first.rendered.headers,
    before,
    after,
    scriptBefore: before.slice(scriptOpened),
    scriptAfter: after.slice(0, scriptEnd),
    hashes: inlineScriptHashes(before.slice(0, scriptStart) + after.slice(scriptEnd + "</script>".length)),
  };
}

function fromTemplate(template: Template, text: string): KeptDocument {
  const written = asWrittenInDocument(text);
  const dataScript = template.scriptBefore + written + template.scriptAfter;
  const hash = `sha256-${createHash("sha256").update(dataScript, "utf8").digest("base64")}`;
  return {
    status: template.status,
    headers: template.headers,
    html: Buffer.from(template.before + written + template.after, "utf8"),
    policy: pagePolicy({ hashes: [...template.hashes, hash] }),
    encoded: {},
  };
}

/** The documents of kept pages, made from the template (or, without one, by React Router), once per page object. */
class BookingDocuments {
  private template: Promise<Template | null> | undefined;
  /** Documents being made or made, by the page object they show; `made` holds the finished ones. */
  private readonly making = new WeakMap<BookingPageData, Promise<KeptDocument | null>>();
  private readonly made = new WeakMap<BookingPageData, KeptDocument>();

  constructor(private readonly render: RenderDocument) {}

  /** The finished document of a page, without waiting for anything (the kept page's fast path). */
  madeFor(page: BookingPageData): KeptDocument | undefined {
    return this.made.get(page);
  }

  /** The document of a ready page at `path`; null when it is not one to keep. */
  documentOf(page: BookingPageData, path: string): Promise<KeptDocument | null> {
    let pending = this.making.get(page);
    if (!pending) {
      pending = this.make(page, path);
      this.making.set(page, pending);
      pending.then(
        (document) => {
          // Not kept when it is not a plain page: the next request tries again.
          if (document) this.made.set(page, document);
          else this.making.delete(page);
        },
        () => this.making.delete(page),
      );
    }
    return pending;
  }

  private async make(page: BookingPageData, path: string): Promise<KeptDocument | null> {
    // A render that failed is tried again by the next first view; a refused template stays refused.
    this.template ??= makeTemplate(this.render).catch((error: unknown) => {
      this.template = undefined;
      throw error;
    });
    const template = await this.template;
    const text = bookingPageText(page);
    return template ? fromTemplate(template, text) : keptDocumentOf(await this.render(path, text));
  }
}

/**
 * Express handler for GET /booking/:token, behind the request stack (server/request-stack.ts:
 * common headers, compression, files) and in front of React Router: answers with the kept
 * document when there is one (synchronously: no promise on the way of a kept page), makes and
 * keeps it when there is none, and passes to React Router whatever it does not keep (malformed
 * or unknown links, query strings, a pending toast, the cache not listening, anything but a
 * plain 200 page). The answer names its Content-Encoding, so the stack's compression sends it
 * as it is.
 */
export function serveKeptBookingPages(render: RenderDocument) {
  const documents = new BookingDocuments(render);
  return function keptBookingPage(request: Request, response: Response, next: NextFunction): void {
    const token = request.params.token;
    if (typeof token !== "string" || !isWellFormedToken(token) || request.url.includes("?") || carriesFlashToast(request.headers.cookie)) {
      return next();
    }
    const cache = bookingPageCache();
    const kept = cache.keptPage(token);
    const document = kept && documents.madeFor(kept);
    if (document) return sendKeptDocument(request, response, document);
    answerFirstView(cache, documents, token, request, response, next).catch(next);
  };
}

async function answerFirstView(
  cache: BookingPageCache,
  documents: BookingDocuments,
  token: string,
  request: Request,
  response: Response,
  next: NextFunction,
): Promise<void> {
  await cache.ready();
  if (!cache.keeping) return next();
  const page = await cache.page(token);
  if (page.kind !== "ready") return next();
  const document = await documents.documentOf(page, request.path);
  if (!document) return next();
  sendKeptDocument(request, response, document);
}

