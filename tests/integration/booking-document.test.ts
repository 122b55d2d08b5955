import { testActor } from "../support/actors";
import { createHash } from "node:crypto";
import type http from "node:http";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addSlot } from "~/availability/availability-editing.server";
import { slotKeyOf } from "~/availability/offered-days";
import { serveKeptBookingPages, type RenderDocument } from "~/booking/booking-document.server";
import { decodeBookingPage, type BookingPageView } from "~/booking/booking-page-data";
import { bookSlot } from "~/consultations/book-slot.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { logger } from "~/logging/logger.server";
import { mountRequestStack } from "../../server/request-stack";
import { heard } from "../support/change-heard";
import { testDatabaseKind } from "../support/database-kind";
import { browserGet, closeServer, listenOnLoopback } from "../support/stack-server";
import { withTestDatabase } from "../support/test-database";

// The kept booking document in front of React Router (app/booking/booking-document.server.ts),
// served as server.js does (behind the one request stack, server/request-stack.ts), with a
// stand-in for React Router's render: it writes the page's string into the document as React
// Router does (turbo-stream's JSON string, inside a JSON string in a script, escaped for HTML).
// The browser test compares a kept document with React Router's own render of the same page.

withTestDatabase();

/** React Router's escaping of a script's text (lib/dom/ssr/markup.ts), written out again here. */
const routerEscape = (text: string) =>
  text.replace(/[&><\u2028\u2029]/g, (character) => ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[character] ?? character);

type StandIn = { renders: number; render: RenderDocument };

/**
 * A render like React Router's: the same document for every page (a loading line) unless
 * `showsName`, which writes the lead's name into the page as well; `answer` makes the Response.
 */
function standIn(options: { showsName?: boolean; answer?: (html: string) => Response } = {}): StandIn {
  const answer = options.answer ?? ((html: string) => new Response(html, { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } }));
  const state: StandIn = {
    renders: 0,
    render: async (_path, page) => {
      state.renders += 1;
      const view = decodeBookingPage(page);
      await new Promise((resolve) => setTimeout(resolve, 20)); // a render takes a while: concurrent visitors wait for one
      const payload = JSON.stringify([{ _1: 2 }, "loaderData", page, "toast"]);
      const shown = options.showsName && view.kind === "ready" ? view.leadName : "Loading...";
      return answer(
        `<!DOCTYPE html><html><body><main>${shown}</main><script>window.__page = 1;</script>` +
          `<script>window.stream.enqueue(${routerEscape(JSON.stringify(payload))});</script><script>window.stream.close();</script></body></html>`,
      );
    },
  };
  return state;
}

/** The page a document carries, read back as the browser reads it. */
function pageIn(html: string): BookingPageView {
  const script = /window\.stream\.enqueue\((.*?)\);<\/script>/s.exec(html)?.[1] ?? "null";
  const payload = JSON.parse(JSON.parse(script) as string) as unknown[];
  return decodeBookingPage(String(payload[2]));
}

let server: http.Server | undefined;
let origin = "";
let stackRequests = 0;

/** Serves the kept booking pages with `render`, as server.js mounts them, on a fresh server (each test has its own template). */
async function serve(render: RenderDocument): Promise<void> {
  const pages = express.Router();
  pages.get("/booking/:token", serveKeptBookingPages(render));
  pages.get("/ordinary", (_request, response) => void response.send(`<p>${"An ordinary page. ".repeat(200)}</p>`));
  pages.use((_request, response) => void response.status(299).send("passed to React Router"));
  // Where the browser's files are served: every request passes here, after the common headers and compression.
  const files: express.RequestHandler = (_request, _response, next) => {
    stackRequests += 1;
    next();
  };
  const app = express();
  mountRequestStack(app, { files, pages });
  stackRequests = 0;
  ({ server, origin } = await listenOnLoopback(app));
}

afterEach(async () => {
  await closeServer(server);
  server = undefined;
});

function get(path: string, headers?: Record<string, string>) {
  return browserGet(`${origin}${path}`, headers);
}

const NOW = new Date("2099-03-01T12:00:00Z");

async function invitation(name = "Ana Lima") {
  const [lead] = await db().insert(leads).values({ name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com`, source: "website", status: "new" }).returning();
  const booking = await createBookingInvitation({ actor: testActor(), leadId: lead!.id, windowDays: 30, now: NOW });
  await heard();
  return booking.bookingToken;
}

/** Far-future slots: the real clock serves the page (the window ends 30 days after 1 March 2099). */
async function openSlot() {
  return addSlot(testActor(), { date: "2099-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
}

const sha256 = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

describe(`the kept booking document (${testDatabaseKind()} database)`, () => {
  it("makes every link's document from one template, answers every encoding from it, and makes it again after a change", async () => {
    const renderer = standIn();
    await serve(renderer.render);
    const slot = await openSlot();
    const ana = await invitation("Ana Lima");
    const ben = await invitation("Ben Racer");

    const first = await get(`/booking/${ana}`);
    expect(first.status).toBe(200);
    expect(pageIn(first.html)).toMatchObject({ kind: "ready", leadName: "Ana Lima", offered: "2099-03-03:600", booked: null });
    expect(first.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "cache-control": "private, no-store" });
    // React Router rendered the template (its two sample pages), not Ana's page.
    expect(renderer.renders).toBe(2);
    expect((await get(`/booking/${ana}`, { "Accept-Encoding": "br" })).html).toBe(first.html);
    const plain = await get(`/booking/${ana}`, {});
    expect(plain.html).toBe(first.html);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(first.html));

    const other = await get(`/booking/${ben}`);
    expect(pageIn(other.html)).toMatchObject({ leadName: "Ben Racer", offered: "2099-03-03:600" });
    expect(other.headers).toMatchObject({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    expect(renderer.renders).toBe(2);
    // Every answer, the kept ones too, went through the request stack.
    expect(stackRequests).toBe(4);

    await bookSlot({ token: ana, slotKey: slotKeyOf(slot), now: NOW });
    await heard();
    expect(pageIn((await get(`/booking/${ana}`)).html)).toMatchObject({ booked: { start: "2099-03-03T15:00:00.000Z" }, offered: "" });
    expect(pageIn((await get(`/booking/${ben}`)).html)).toMatchObject({ leadName: "Ben Racer", offered: "" });
    expect(renderer.renders).toBe(2);
  });

  it("writes any name as React Router would, and names each link's scripts by hash in its policy", async () => {
    const renderer = standIn();
    await serve(renderer.render);
    await openSlot();
    const tricky = `Zoë "<b>" & </script><!-- \u2028 \\ 😀`;
    const [zoe, ana] = [await invitation(tricky), await invitation("Ana Lima")];
    const kept = await get(`/booking/${zoe}`);
    expect(pageIn(kept.html).kind === "ready" && pageIn(kept.html)).toMatchObject({ leadName: tricky });
    expect(kept.html).not.toContain("</script><!--");
    // The same page rendered by the stand-in itself: the kept document is exactly what it writes.
    const direct = await renderer.render(`/booking/${zoe}`, JSON.stringify(pageIn(kept.html)));
    expect(kept.html).toBe(await direct.text());

    // One document for many visitors: its inline scripts are named by their hashes, not by a nonce (decision 023);
    // the script holding the page's data is each link's own.
    const policy = String(kept.headers["content-security-policy"]);
    const dataScript = (html: string) => /<script>(window\.stream\.enqueue\(.*?\);)<\/script>/s.exec(html)?.[1] ?? "";
    for (const source of ["window.__page = 1;", "window.stream.close();", dataScript(kept.html)]) expect(policy).toContain(sha256(source));
    expect(policy).not.toContain("nonce");
    const anaPage = await get(`/booking/${ana}`);
    expect(String(anaPage.headers["content-security-policy"])).toContain(sha256(dataScript(anaPage.html)));
    expect(String(anaPage.headers["content-security-policy"])).not.toContain(sha256(dataScript(kept.html)));
    const ordinary = await get("/ordinary", { "Accept-Encoding": "gzip" });
    expect(ordinary.headers).toMatchObject({ "content-encoding": "gzip", "x-content-type-options": "nosniff", vary: "Accept-Encoding" });
    expect(ordinary.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+';/);
    for (const path of [`/booking/${ana}`, "/ordinary"]) {
      const plain = await get(path, {});
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("makes a link's document once for many visitors arriving together", async () => {
    const renderer = standIn();
    await serve(renderer.render);
    await openSlot();
    const token = await invitation();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`/booking/${token}`)));
    expect(new Set(answers.map((response) => response.html)).size).toBe(1);
    expect(renderer.renders).toBe(2);
  });

  it("passes to React Router what it does not keep: a pending toast, a query string, an unknown or malformed link", async () => {
    const renderer = standIn();
    await serve(renderer.render);
    await openSlot();
    const token = await invitation();
    expect((await get(`/booking/${token}`, { Cookie: "theme=dark; flash=abc" })).status).toBe(299);
    expect((await get(`/booking/${token}?utm_source=mail`)).status).toBe(299);
    expect((await get(`/booking/00000000-0000-4000-8000-000000000000-${"a".repeat(32)}`)).status).toBe(299);
    expect((await get(`/booking/not-a-token`)).status).toBe(299);
    expect(renderer.renders).toBe(0);
    expect((await get(`/booking/${token}`, { Cookie: "theme=dark" })).status).toBe(200);
  });

  it("without a template (the document shows more than its data), renders each link's document by React Router, once", async () => {
    const warned = vi.spyOn(logger, "warn");
    const renderer = standIn({ showsName: true });
    await serve(renderer.render);
    await openSlot();
    const [ana, ben] = [await invitation("Ana Lima"), await invitation("Ben Racer")];
    const first = await get(`/booking/${ana}`);
    expect(first.html).toContain("<main>Ana Lima</main>");
    expect(warned).toHaveBeenCalledWith({ reason: "the samples' documents differ beyond their data" }, expect.stringContaining("no template"));
    expect(renderer.renders).toBe(3); // the two samples, then Ana's page
    expect((await get(`/booking/${ana}`)).html).toBe(first.html);
    expect((await get(`/booking/${ben}`)).html).toContain("<main>Ben Racer</main>");
    expect(renderer.renders).toBe(4);
    warned.mockRestore();
  });

  it("does not keep an answer that is not a plain page (one that sets a cookie)", async () => {
    const renderer = standIn({ answer: (html) => new Response(html, { headers: { "Content-Type": "text/html", "Set-Cookie": "flash=; Max-Age=0" } }) });
    await serve(renderer.render);
    await openSlot();
    const token = await invitation();
    expect((await get(`/booking/${token}`)).status).toBe(299);
    expect((await get(`/booking/${token}`)).status).toBe(299);
    // The samples (no template), then the link's own render each time: none was kept.
    expect(renderer.renders).toBe(4);
  });
});
