import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addSlot } from "~/availability/availability.server";
import { answerFromKeptPage, serveKeptBookingPages, type RenderDocument } from "~/booking/booking-document.server";
import { bookingPageCache, currentBookingPage } from "~/booking/booking-page-cache.server";
import { bookSlot } from "~/consultations/visitor-booking.server";
import { createBookingInvitation } from "~/consultations/bookings.server";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { testDatabaseKind } from "../support/database-kind";
import { withTestDatabase } from "../support/test-database";

// The kept booking document in front of React Router (app/booking/booking-document.server.ts),
// served as server.js does (the fast path, then Express), with a stand-in for React Router's
// render that, like the route's loader, reads the page cache.

withTestDatabase();

let renders = 0;
let expressRequests = 0;
let answer: (html: string) => Response = (html) =>
  new Response(html, { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } });

const render: RenderDocument = async (request) => {
  renders += 1;
  const page = await currentBookingPage(String(request.params.token));
  await new Promise((resolve) => setTimeout(resolve, 20)); // a render takes a while: concurrent visitors wait for one
  const html =
    page.kind === "ready"
      ? `<h1>Welcome ${page.leadName}</h1><p>${page.booked ? `booked ${page.booked.start}` : "not booked"}</p><ul>${page.offered.map((slot) => `<li>${slot.id}</li>`).join("")}</ul>`
      : `<p>${page.message}</p>`;
  return answer(html);
};

let server: http.Server;
let origin = "";
beforeAll(async () => {
  const app = express();
  app.use((_request, _response, next) => {
    expressRequests += 1;
    next();
  });
  app.get("/booking/:token", serveKeptBookingPages(render));
  app.use((_request, response) => void response.status(299).send("passed to React Router"));
  server = http.createServer((request, response) => answerFromKeptPage(request, response) || app(request, response));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  renders = 0;
  expressRequests = 0;
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
  const slot = await addSlot({ date: "2099-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
  const [lead] = await db().insert(leads).values({ name: "Ana Lima", email: "ana@example.com", source: "website", status: "new" }).returning();
  const booking = await createBookingInvitation({ leadId: lead!.id, windowDays: 30 }, new Date("2099-03-01T12:00:00Z"));
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
    // Each Accept-Encoding header went through Express once; a visit again is answered before it.
    expect(expressRequests).toBe(3);
    const again = await get(`/booking/${token}`);
    expect(again.html).toBe(first.html);
    expect(again.headers).toMatchObject({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" });
    expect(expressRequests).toBe(3);

    await bookSlot({ token, slotId: slot.id }, new Date("2099-03-01T12:00:00Z"));
    await heard();
    const after = await get(`/booking/${token}`);
    expect(after.html).toContain("booked 2099-03-03T15:00:00.000Z");
    expect(after.html).not.toContain(`<li>${slot.id}</li>`);
    expect(renders).toBe(2);
    expect(expressRequests).toBe(4);
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
