import { testActor } from "../support/actors";
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addSlot } from "~/availability/availability.server";
import { serveKeptBookingPages, type RenderDocument } from "~/booking/booking-document.server";
import { bookingPageCache, currentBookingPage } from "~/booking/booking-page-cache.server";
import { bookSlot } from "~/consultations/visitor-booking.server";
import { createBookingInvitation } from "~/consultations/bookings.server";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { mountRequestStack } from "../../server/request-stack";
import { testDatabaseKind } from "../support/database-kind";
import { withTestDatabase } from "../support/test-database";

// The kept booking document in front of React Router (app/booking/booking-document.server.ts),
// served as server.js does (behind the one request stack, server/request-stack.ts), with a
// stand-in for React Router's render that, like the route's loader, reads the page cache.

withTestDatabase();

let renders = 0;
let stackRequests = 0;
let answer: (html: string) => Response = (html) =>
  new Response(html, { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } });

const render: RenderDocument = async (request) => {
  renders += 1;
  const page = await currentBookingPage(String(request.params.token));
  await new Promise((resolve) => setTimeout(resolve, 20)); // a render takes a while: concurrent visitors wait for one
  const html =
    page.kind === "ready"
      ? `<script>window.__page = 1;</script><h1>Welcome ${page.leadName}</h1><p>${page.booked ? `booked ${page.booked.start}` : "not booked"}</p><ul>${page.offered.map((slot) => `<li>${slot.id}</li>`).join("")}</ul>`
      : `<p>${page.message}</p>`;
  return answer(html);
};

let server: http.Server;
let origin = "";
beforeAll(async () => {
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
  server = http.createServer(app);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  renders = 0;
  stackRequests = 0;
  answer = (html) => new Response(html, { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } });
});

/** A GET as a browser sends it; the body decoded by its Content-Encoding. */
function get(path: string, headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br, zstd" }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; html: string }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded = encoding === "gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : body;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, html: decoded.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

async function heard(): Promise<void> {
  if (testDatabaseKind() === "server") await bookingPageCache().caughtUp();
}

async function invitation() {
  const slot = await addSlot(testActor(), { date: "2099-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
  const [lead] = await db().insert(leads).values({ name: "Ana Lima", email: "ana@example.com", source: "website", status: "new" }).returning();
  const booking = await createBookingInvitation(testActor(), { leadId: lead!.id, windowDays: 30 }, new Date("2099-03-01T12:00:00Z"));
  await heard();
  return { slot, token: booking.bookingToken };
}

describe(`the kept booking document (${testDatabaseKind()} database)`, () => {
  it("renders a link's page once, answers every encoding from it, and renders again after a change", async () => {
    // Far-future slots: the real clock serves the page (the window ends 30 days after 1 March 2099).
    const { slot, token } = await invitation();
    const first = await get(`/booking/${token}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain(slot.id);
    expect(first.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "cache-control": "private, no-store" });
    expect((await get(`/booking/${token}`, { "Accept-Encoding": "br" })).html).toBe(first.html);
    const plain = await get(`/booking/${token}`, {});
    expect(plain.html).toBe(first.html);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(first.html));
    expect(renders).toBe(1);
    // Every answer, the kept ones too, went through the request stack.
    expect(stackRequests).toBe(3);
    const again = await get(`/booking/${token}`);
    expect(again.html).toBe(first.html);
    expect(again.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-store",
      "content-encoding": "gzip",
      "x-content-type-options": "nosniff",
    });
    expect(stackRequests).toBe(4);

    await bookSlot({ token, slotId: slot.id }, new Date("2099-03-01T12:00:00Z"));
    await heard();
    const after = await get(`/booking/${token}`);
    expect(after.html).toContain("booked 2099-03-03T15:00:00.000Z");
    expect(after.html).not.toContain(`<li>${slot.id}</li>`);
    expect(renders).toBe(2);
    expect(stackRequests).toBe(5);
  });

  it("answers a kept page and an ordinary page through the same stack: common headers, compression when asked", async () => {
    const { token } = await invitation();
    await get(`/booking/${token}`);
    const kept = await get(`/booking/${token}`, { "Accept-Encoding": "gzip" });
    const ordinary = await get("/ordinary", { "Accept-Encoding": "gzip" });
    expect(renders).toBe(1); // the second answer came from the kept copy
    for (const page of [kept, ordinary]) {
      expect(page.status).toBe(200);
      expect(page.headers).toMatchObject({ "content-encoding": "gzip", "x-content-type-options": "nosniff", vary: "Accept-Encoding" });
    }
    expect(ordinary.html).toContain("An ordinary page.");
    // One document for many visitors: its inline scripts are named by hash, not by a nonce (decision 026).
    const scriptHash = createHash("sha256").update("window.__page = 1;").digest("base64");
    expect(kept.headers["content-security-policy"]).toContain(`script-src 'self' 'sha256-${scriptHash}';`);
    expect(kept.headers["content-security-policy"]).not.toContain("nonce");
    expect(ordinary.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+';/);
    // Not asked to compress: neither is.
    for (const path of [`/booking/${token}`, "/ordinary"]) {
      const plain = await get(path, {});
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("renders once for many visitors arriving together", async () => {
    const { token } = await invitation();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`/booking/${token}`)));
    expect(new Set(answers.map((response) => response.html)).size).toBe(1);
    expect(renders).toBe(1);
  });

  it("passes to React Router what it does not keep: a pending toast, a query string, an unknown or malformed link", async () => {
    const { token } = await invitation();
    expect((await get(`/booking/${token}`, { Cookie: "theme=dark; flash=abc" })).status).toBe(299);
    expect((await get(`/booking/${token}?utm_source=mail`)).status).toBe(299);
    expect((await get(`/booking/00000000-0000-4000-8000-000000000000-${"a".repeat(32)}`)).status).toBe(299);
    expect((await get(`/booking/not-a-token`)).status).toBe(299);
    expect(renders).toBe(0);
    expect((await get(`/booking/${token}`, { Cookie: "theme=dark" })).status).toBe(200);
  });

  it("does not keep an answer that is not a plain page (one that sets a cookie)", async () => {
    const { token } = await invitation();
    answer = (html) => new Response(html, { headers: { "Content-Type": "text/html", "Set-Cookie": "flash=; Max-Age=0" } });
    expect((await get(`/booking/${token}`)).status).toBe(299);
    expect((await get(`/booking/${token}`)).status).toBe(299);
    expect(renders).toBe(2);
  });
});
