import { testActor } from "../support/actors";
import { offeredKeys, slotKey, slotKeyOf } from "~/availability/offered-days";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addSlot, blockDates, deleteSlots, updateAvailabilitySettings } from "~/availability/availability-editing.server";
import { availabilitySlots } from "~/availability/schema";
import { bookingPageCache, currentBookingPage, MAX_AGE_MS } from "~/booking/booking-page-cache.server";
import { bookSlot } from "~/consultations/book-slot.server";
import { cancelByVisitor } from "~/consultations/cancel-by-visitor.server";
import { LEAD_NOT_FOUND } from "~/consultations/booking-status";
import { confirmBooking } from "~/consultations/confirm-booking.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { deleteBookingInvitation } from "~/consultations/delete-booking-invitation.server";
import { proposeNewTimes } from "~/consultations/propose-new-times.server";
import { db } from "~/db/connection.server";
import { deleteLeads } from "~/leads/leads.server";
import { leads } from "~/leads/schema";
import { heard } from "../support/change-heard";
import { testDatabaseKind } from "../support/database-kind";
import { withTestDatabase } from "../support/test-database";

// The booking page is kept in memory per link (app/booking/booking-page-cache.server.ts). These
// tests fail if a kept page outlives a change: each loads a page, changes the data the way the
// app does (or by hand-written SQL), and loads again.

const database = withTestDatabase();
const actor = testActor();

// Monday 2 March 2026, 08:00 in New York (13:00 UTC); invitations made now end on 9 March.
const NOW = new Date("2026-03-02T13:00:00Z");
const SETTINGS = { defaultConsultDurationMinutes: 30, bufferTimeMinutes: 0, timezone: "America/New_York", defaultMeetingLink: null };

async function invitation(name = "Ana Lima") {
  const [lead] = await db().insert(leads).values({ name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com`, source: "website", status: "new" }).returning();
  if (!lead) throw new Error("no lead");
  const booking = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });
  return { lead, booking, token: booking.bookingToken };
}

async function readyPage(token: string, now = NOW) {
  const page = await currentBookingPage(token, now);
  if (page.kind !== "ready") throw new Error(`Expected the booking page, got the error card: ${page.message}`);
  return page;
}

/** The keys of the times a page offers (its compact form read back). */
const offeredTimeKeys = (page: { offered: { days: string } }) => offeredKeys(page.offered.days).map(slotKey);

async function slots() {
  const first = await addSlot(actor, { date: "2026-03-03", startTime: "10:00", endTime: "10:30", status: "open" }); // 15:00 UTC
  const second = await addSlot(actor, { date: "2026-03-04", startTime: "10:00", endTime: "10:30", status: "open" });
  return { first, second };
}

describe(`the booking page cache (${testDatabaseKind()} database)`, () => {
  it("keeps a link's page while nothing changes, and shares the offered times between links", async () => {
    const { first, second } = await slots();
    const ana = await invitation("Ana Lima");
    const ben = await invitation("Ben Racer");
    await heard();
    const page = await readyPage(ana.token);
    expect(offeredTimeKeys(page)).toEqual([slotKeyOf(first), slotKeyOf(second)]);
    expect(await currentBookingPage(ana.token, NOW)).toBe(page);
    const other = await readyPage(ben.token);
    expect(other.leadName).toBe("Ben Racer");
    expect(other.offered).toBe(page.offered);
  });

  it("shows a visitor's booking, rescheduling and cancelling on the next load, on every link", async () => {
    const { first, second } = await slots();
    const ana = await invitation("Ana Lima");
    const ben = await invitation("Ben Racer");
    await readyPage(ana.token);
    await readyPage(ben.token);

    await bookSlot({ token: ana.token, slotKey: slotKeyOf(first), now: NOW });
    await heard();
    const booked = await readyPage(ana.token);
    expect(booked.booked?.start).toBe("2026-03-03T15:00:00.000Z");
    expect(offeredTimeKeys(booked)).toEqual([slotKeyOf(second)]);
    expect(offeredTimeKeys(await readyPage(ben.token))).toEqual([slotKeyOf(second)]);

    await bookSlot({ token: ana.token, slotKey: slotKeyOf(second), now: NOW });
    await heard();
    const moved = await readyPage(ana.token);
    expect(moved.booked?.start).toBe("2026-03-04T15:00:00.000Z");
    expect(offeredTimeKeys(await readyPage(ben.token))).toEqual([slotKeyOf(first)]);

    await cancelByVisitor({ token: ana.token, now: NOW });
    await heard();
    const cancelled = await readyPage(ana.token);
    expect(cancelled).toMatchObject({ status: "cancelled", canChange: false, offered: { count: 0 } });
    expect(offeredTimeKeys(await readyPage(ben.token))).toEqual([slotKeyOf(first), slotKeyOf(second)]);
  });

  it("shows the admin's changes on the next load: slots, blocked dates, confirmation, proposals, settings", async () => {
    const { first, second } = await slots();
    const ana = await invitation();
    await readyPage(ana.token);

    const added = await addSlot(actor, { date: "2026-03-05", startTime: "11:00", endTime: "11:30", status: "open" });
    await heard();
    expect(offeredTimeKeys(await readyPage(ana.token))).toEqual([slotKeyOf(first), slotKeyOf(second), slotKeyOf(added)]);

    await deleteSlots(actor, [added.id]);
    await heard();
    expect(offeredTimeKeys(await readyPage(ana.token))).toEqual([slotKeyOf(first), slotKeyOf(second)]);

    await blockDates(actor, { startDate: "2026-03-04", endDate: "2026-03-04", reason: "Conference" });
    await heard();
    expect(offeredTimeKeys(await readyPage(ana.token))).toEqual([slotKeyOf(first)]);

    await bookSlot({ token: ana.token, slotKey: slotKeyOf(first), now: NOW });
    await confirmBooking({ actor, bookingId: ana.booking.id, meetingLink: "https://meet.example.com/ana", now: NOW });
    await heard();
    expect(await readyPage(ana.token)).toMatchObject({ status: "confirmed", meetingLink: "https://meet.example.com/ana" });

    await proposeNewTimes({ actor, bookingId: ana.booking.id, starts: [new Date("2026-03-06T20:00:00Z")], now: NOW });
    await heard();
    expect((await readyPage(ana.token)).proposed).toEqual([{ start: "2026-03-06T20:00:00.000Z", end: "2026-03-06T20:30:00.000Z" }]);

    // 2026-03-03 10:00 New York is 25 hours away: changeable with a 24-hour cut-off, not with 48.
    await updateAvailabilitySettings(actor, { ...SETTINGS, bookingCancelCutoffHours: 48 });
    await heard();
    expect(await readyPage(ana.token)).toMatchObject({ cutoffHours: 48, canChange: false });
  });

  it("shows changes made by hand-written SQL too: the triggers see every writer, not only the services", async () => {
    const { first, second } = await slots();
    const ana = await invitation();
    await readyPage(ana.token);

    await db().update(leads).set({ name: "Ana Souza" }).where(eq(leads.id, ana.lead.id));
    await heard();
    expect((await readyPage(ana.token)).leadName).toBe("Ana Souza");

    await db().update(availabilitySlots).set({ status: "tentative" }).where(eq(availabilitySlots.id, first.id));
    await heard();
    expect(offeredTimeKeys(await readyPage(ana.token))).toEqual([slotKeyOf(second)]);

    await db().execute(sql`truncate availability_slots`);
    await heard();
    expect(offeredTimeKeys(await readyPage(ana.token))).toEqual([]);
  });

  it("shows the error card once the invitation or its lead is deleted", async () => {
    await slots();
    const ana = await invitation("Ana Lima");
    const ben = await invitation("Ben Racer");
    await readyPage(ana.token);
    await readyPage(ben.token);

    await deleteBookingInvitation({ actor, bookingId: ana.booking.id });
    await heard();
    expect(await currentBookingPage(ana.token, NOW)).toEqual({ kind: "error", message: LEAD_NOT_FOUND });

    await deleteLeads(testActor(), [ben.lead.id]);
    await heard();
    expect(await currentBookingPage(ben.token, NOW)).toEqual({ kind: "error", message: LEAD_NOT_FOUND });
  });

  it("drops a page when its first time starts, when the change cut-off passes, and after MAX_AGE_MS", async () => {
    const { first, second } = await slots();
    const ana = await invitation();
    await heard();
    const page = await readyPage(ana.token);
    expect(await currentBookingPage(ana.token, new Date(NOW.getTime() + MAX_AGE_MS - 1))).toBe(page);
    const aged = await readyPage(ana.token, new Date(NOW.getTime() + MAX_AGE_MS));
    expect(aged).not.toBe(page);
    expect(aged).toEqual(page);

    // At 10:00 New York on 3 March the first time starts: it is no longer offered.
    const firstStarts = new Date("2026-03-03T15:00:00Z");
    expect(offeredTimeKeys(await readyPage(ana.token, new Date(firstStarts.getTime() - 1)))).toEqual([slotKeyOf(first), slotKeyOf(second)]);
    expect(offeredTimeKeys(await readyPage(ana.token, firstStarts))).toEqual([slotKeyOf(second)]);

    // Booked for 4 March 10:00 New York (15:00 UTC) with a 24-hour cut-off: changeable until 3 March 15:00 UTC.
    await bookSlot({ token: ana.token, slotKey: slotKeyOf(second), now: NOW });
    await heard();
    const cutoff = new Date("2026-03-03T15:00:00Z");
    expect(await readyPage(ana.token, new Date(cutoff.getTime() - 1))).toMatchObject({ canChange: true });
    expect(await readyPage(ana.token, cutoff)).toMatchObject({ canChange: false, offered: { count: 0 } });
  });

  // Only a PostgreSQL server has a listening connection to lose (PGlite hands notifications over
  // in-process), so this case exists in the PostgreSQL run only; CI runs both.
  if (testDatabaseKind() === "server") {
    it("keeps nothing while its listening connection is lost, and starts afresh once it is back", async () => {
      await slots();
      const ana = await invitation();
      const cache = bookingPageCache();
      await heard();
      const page = await readyPage(ana.token);
      expect(await currentBookingPage(ana.token, NOW)).toBe(page);

      await database.handle().db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      await expect.poll(() => cache.keeping, { timeout: 5_000 }).toBe(false);
      // A change made while nobody listens is never heard: the page must be read afresh all the same.
      await db().update(leads).set({ name: "Ana Souza" }).where(eq(leads.id, ana.lead.id));
      expect((await readyPage(ana.token)).leadName).toBe("Ana Souza");

      await expect.poll(() => cache.keeping, { timeout: 10_000 }).toBe(true);
      const again = await readyPage(ana.token);
      expect(again.leadName).toBe("Ana Souza");
      expect(await currentBookingPage(ana.token, NOW)).toBe(again);
    });
  }
});
