import { readListView } from "~/lists/list-view";
import { testActor } from "../support/actors";
import { decodeOfferedDays, offeredKeys, slotKey, slotKeyOf } from "~/availability/offered-days";
import { action as bookingAction } from "~/booking/booking-page";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { listAuditEntries } from "~/audit/audit-log.server";
import { addRecurringRule, addSlot, blockDates, deleteRecurringRule, deleteSlots, removeBlockedDate, setRecurringRuleActive, updateAvailabilitySettings } from "~/availability/availability-editing.server";
import { generateSlotsFromRules } from "~/availability/availability.server";
import { listSlotsBetween } from "~/availability/availability-lists.server";
import { availabilitySlots } from "~/availability/schema";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { loadBookingPage } from "~/booking/booking.server";
import { bookSlot } from "~/consultations/book-slot.server";
import { cancelByVisitor } from "~/consultations/cancel-by-visitor.server";
import { LEAD_NOT_FOUND, SLOT_TAKEN } from "~/consultations/booking-status";
import { cancelBooking } from "~/consultations/cancel-booking.server";
import { completeBooking } from "~/consultations/complete-booking.server";
import { confirmBooking } from "~/consultations/confirm-booking.server";
import { countBookings, listBookings } from "~/consultations/booking-lists.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { deleteBookingInvitation } from "~/consultations/delete-booking-invitation.server";
import { proposeLocalTimes, proposeNewTimes } from "~/consultations/propose-new-times.server";
import { resendBookingInvitation } from "~/consultations/resend-booking-invitation.server";
import { sendDueReminders } from "~/consultations/send-due-reminders.server";
import { addClientConsultation, deleteClientConsultation, notifyClientOfConsultation, updateClientConsultation } from "~/consultations/client-consultations.server";
import { NO_SLOTS_FOR_INVITATION } from "~/consultations/consultation-forms";
import { CONSULTATION_LIST_VIEW } from "~/consultations/consultation-list-view";
import { consultationsOverview, deleteConsultation, listConsultations, updateConsultation } from "~/consultations/consultations.server";
import { linkDiscoveryCallToProject } from "~/consultations/discovery-call-links.server";
import { consultationBookings, consultations } from "~/consultations/schema";
import { projects } from "~/projects/schema";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { clients } from "~/clients/schema";
import { deleteLeads } from "~/leads/leads.server";
import { listLeadTimeline } from "~/leads/lead-timeline.server";
import { leads } from "~/leads/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { action as invitationsAction } from "~/consultations/booking-invitations-route";
import { getOrganizationSettings } from "~/organization/settings.server";
import { bodyOf, postToAction, statusOf } from "../support/route-actions";
import { signedInCookie } from "../support/sessions";
import { callRoute, type RouteHandler } from "../support/route-calls";
import * as slotsInRange from "~/availability/slots-in-range-route";
import { withTestDatabase } from "../support/test-database";
import { dayIn } from "~/formatting/dates";

withTestDatabase();

const actor = testActor();

const NY = "America/New_York";
// Fixed "now": Monday 2 March 2026, 08:00 in New York. The days after it include the
// spring-forward Sunday (8 March).
const NOW = new Date("2026-03-02T13:00:00Z");

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.stop();
});

async function makeLead(name = "Ana Lima", email = "ana@example.com") {
  const [lead] = await db().insert(leads).values({ name, email, source: "website", status: "new" }).returning();
  if (!lead) throw new Error("no lead");
  return lead;
}

async function slotAt(date: string, startTime: string, endTime: string) {
  return addSlot(actor, { date, startTime, endTime, status: "open" });
}

async function outbox() {
  return db().select().from(emailOutbox);
}

describe("availability", () => {
  it("generates from active rules only, once, and blocking deletes the unbooked slots inside", async () => {
    const today = dayIn(new Date(), NY);
    const rule = await addRecurringRule(actor, { dayOfWeek: new Date(`${addDaysToDate(today, 1)}T12:00:00Z`).getUTCDay(), startTime: "09:00", endTime: "10:00" });
    const made = await generateSlotsFromRules(actor, 14);
    expect(made).toBe(4); // two days, two 30-minute slots each
    expect(await generateSlotsFromRules(actor, 14)).toBe(0);
    await setRecurringRuleActive(actor, rule.id, false);
    await expect(generateSlotsFromRules(actor, 14)).rejects.toThrow("No recurring rules found. Add them in the Availability tab first.");

    const tomorrow = addDaysToDate(today, 1);
    const slots = await listSlotsBetween(tomorrow, tomorrow);
    expect(slots).toHaveLength(2);
    await db().update(availabilitySlots).set({ status: "booked" }).where(eq(availabilitySlots.id, slots[0]!.id));
    expect(await deleteSlots(actor, slots.map((slot) => slot.id))).toBe(1); // the booked one stays
    const { deletedSlots } = await blockDates(actor, { startDate: addDaysToDate(today, 7), endDate: addDaysToDate(today, 8), reason: "Vacation" });
    expect(deletedSlots).toBe(2);
    expect((await listSlotsBetween(today, addDaysToDate(today, 14))).map((slot) => slot.status)).toEqual(["booked"]);
  });

  it("'Select Date Range' reads every slot of the range but the booked ones, past any one view; both dates needed, in order", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    // Across a month's end and two weeks: more than the week or the month on screen holds.
    const inside = [await slotAt("2026-03-30", "09:00", "09:30"), await slotAt("2026-04-02", "10:00", "10:30"), await slotAt("2026-04-14", "11:00", "11:30")];
    const tentative = await addSlot(actor, { date: "2026-04-10", startTime: "09:00", endTime: "09:30", status: "tentative" });
    const booked = await slotAt("2026-04-03", "09:00", "09:30");
    await db().update(availabilitySlots).set({ status: "booked" }).where(eq(availabilitySlots.id, booked.id));
    await slotAt("2026-04-15", "09:00", "09:30"); // the day after the range
    const range = (query: string) => callRoute(slotsInRange.loader as RouteHandler, `/admin/availability/slots?${query}`, { cookie });

    const found = await range("from=2026-03-30&to=2026-04-14");
    expect(found.status).toBe(200);
    expect((found.body as { slots: { id: string }[] }).slots.map((slot) => slot.id)).toEqual([inside[0]!.id, inside[1]!.id, tentative.id, inside[2]!.id]);
    for (const query of ["from=2026-03-30", "from=&to=2026-04-14", "from=2026-04-14&to=2026-03-30", "from=2026-02-31&to=2026-03-01"]) {
      const refused = await range(query);
      expect(refused.status, query).toBe(400);
      expect((refused.body as { formError: string }).formError, query).toMatch(query.startsWith("from=2026-04-14") ? /must not be before/ : /^Please select both start and end dates$/);
    }
    // Without an admin's session, nothing is read.
    expect((await callRoute(slotsInRange.loader as RouteHandler, "/admin/availability/slots?from=2026-03-30&to=2026-04-14")).status).toBe(302);
  });
});

describe("invitations and the booking page", () => {
  it("refuses an invitation when no slot is open in the window", async () => {
    const lead = await makeLead();
    await expect(createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW })).rejects.toThrow(NO_SLOTS_FOR_INVITATION);
    await slotAt("2026-03-20", "09:00", "09:30"); // beyond 7 days
    await expect(createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW })).rejects.toThrow(NO_SLOTS_FOR_INVITATION);
    const booking = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 21, now: NOW });
    expect(booking.bookingToken).toMatch(new RegExp(`^${lead.id}-[0-9a-f]{32}$`));
    const [updated] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(updated?.bookingStatus).toBe("sent");
    const [invitation] = await outbox();
    expect(invitation?.emailType).toBe("booking_invitation");
    expect(invitation?.text).toContain(`/booking/${booking.bookingToken}`);
  });

  it("Generate Slots from the invitation dialog makes the window's slots from the rules, says when they all exist, and why it cannot", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const lead = await makeLead();
    const post = (fields: Record<string, string>) => postToAction(invitationsAction, "/admin/booking-invitations", cookie, fields);
    expect(bodyOf(await post({ intent: "generate-slots", windowDays: "7" }))).toMatchObject({
      ok: false,
      intent: "generate-slots",
      formError: "Failed to generate slots: No recurring rules found. Add them in the Availability tab first.",
    });
    // A rule on today's weekday (the business's calendar): a 14-day window holds it today, in a week and on its last date.
    const { timezone } = await getOrganizationSettings();
    const today = dayIn(new Date(), timezone);
    const lastDate = addDaysToDate(today, 14);
    await addRecurringRule(actor, { dayOfWeek: new Date(`${today}T12:00:00Z`).getUTCDay(), startTime: "09:00", endTime: "09:30" });
    expect(bodyOf(await post({ intent: "generate-slots", windowDays: "14" }))).toEqual({ ok: true, intent: "generate-slots", toast: "Generated 3 available time slots!" });
    const slots = await listSlotsBetween(today, addDaysToDate(lastDate, 30));
    expect(slots.map((slot) => slot.date)).toEqual([today, addDaysToDate(today, 7), lastDate]);
    expect(bodyOf(await post({ intent: "generate-slots", windowDays: "14" }))).toEqual({
      ok: true,
      intent: "generate-slots",
      toast: "All slots already exist for this period.",
      toastKind: "info",
    });
    expect(bodyOf(await post({ intent: "send", leadId: lead.id, windowDays: "14" }))).toMatchObject({ ok: true, toast: "Booking invitation sent with your calendar availability!" });
  });

  it("offers only valid slots, reveals nothing for a wrong token, and books with e-mails carrying the .ics", async () => {
    const lead = await makeLead();
    const past = await slotAt("2026-03-02", "07:00", "07:30");
    const good = await slotAt("2026-03-03", "10:00", "10:30");
    const blocked = await slotAt("2026-03-04", "10:00", "10:30");
    const tentative = await addSlot(actor, { date: "2026-03-05", startTime: "10:00", endTime: "10:30", status: "tentative" });
    const late = await slotAt("2026-03-12", "10:00", "10:30");
    await blockDates(actor, { startDate: "2026-03-04", endDate: "2026-03-04" });
    await slotAt("2026-03-04", "11:00", "11:30").catch(() => undefined);
    const booking = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });

    const page = await loadBookingPage(booking.bookingToken, NOW);
    if (page.kind !== "ready") throw new Error("not ready");
    expect(page.leadName).toBe("Ana Lima");
    const offered = offeredKeys(page.offered.days).map(slotKey);
    expect(offered).toContain(slotKeyOf(good));
    for (const hidden of [past, blocked, tentative, late]) expect(offered).not.toContain(slotKeyOf(hidden));

    const forged = `${lead.id}-${"0".repeat(32)}`;
    expect(await loadBookingPage(forged, NOW)).toEqual({ kind: "error", message: LEAD_NOT_FOUND });
    expect(await loadBookingPage(lead.id, NOW)).toEqual({ kind: "error", message: LEAD_NOT_FOUND });
    expect(await loadBookingPage(undefined, NOW)).toEqual({ kind: "error", message: "Invalid booking link" });
    await expect(bookSlot({ token: forged, slotKey: slotKeyOf(good), now: NOW })).rejects.toThrow(LEAD_NOT_FOUND);
    await expect(bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(late), now: NOW })).rejects.toThrow(SLOT_TAKEN);

    const booked = await bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(good), visitorTimeZone: "Asia/Tokyo", now: NOW });
    expect(booked.selectedStart?.toISOString()).toBe("2026-03-03T15:00:00.000Z");
    const messages = (await outbox()).filter((message) => message.emailType !== "booking_invitation");
    expect(messages.map((message) => message.toEmail).sort()).toEqual(["ana@example.com", "hello@sistersite.studio"]);
    const visitorMail = messages.find((message) => message.toEmail === "ana@example.com");
    expect(visitorMail?.text).toContain("12:00 am (Asia/Tokyo)"); // 10:00 EST = midnight in Tokyo

    await deliverDueEmails({ transport: nodemailer.createTransport(mail.url) });
    const received = await mail.waitFor((message) => message.envelopeTo.includes("ana@example.com") && (message.subject ?? "").includes("booked"));
    const ics = received.attachments.find((attachment) => attachment.filename === "invite.ics");
    const calendar = ics?.content.toString("utf8") ?? "";
    expect(calendar).toContain("METHOD:REQUEST");
    expect(calendar).toContain("DTSTART:20260303T150000Z");
    expect(calendar).toContain(`UID:booking-${booking.id}@consultations`);
    expect(calendar).toContain("SEQUENCE:0");

    const after = await loadBookingPage(booking.bookingToken, NOW);
    if (after.kind !== "ready") throw new Error("not ready");
    expect(after.booked?.start).toBe("2026-03-03T15:00:00.000Z");
    expect(offeredKeys(after.offered.days).map(slotKey)).not.toContain(slotKeyOf(good));
  });

  it("offers the window's times as business-local days and minutes (the DST day, midnight, the last day) and books each by its key", async () => {
    const lead = await makeLead();
    // Sunday 8 March 2026 springs forward at 02:00 in New York: 01:00 is EST, 03:00 EDT.
    await slotAt("2026-03-08", "01:00", "01:30");
    await slotAt("2026-03-08", "03:00", "03:30");
    // The window's last day (7 days from Monday 2 March), from midnight to its last half hour; the day after is outside.
    await slotAt("2026-03-09", "00:00", "00:30");
    await slotAt("2026-03-09", "23:00", "23:30");
    const outside = await slotAt("2026-03-10", "00:00", "00:30");
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });

    const page = await loadBookingPage(invitation.bookingToken, NOW);
    if (page.kind !== "ready") throw new Error("not ready");
    expect(page.offered).toEqual({ days: "2026-03-08:60,180;2026-03-09:0,1380", count: 4, firstStart: "2026-03-08T06:00:00.000Z" });
    expect(decodeOfferedDays(page.offered.days, page.timeZone)).toEqual([
      { key: "2026-03-08/60", start: "2026-03-08T06:00:00.000Z" },
      { key: "2026-03-08/180", start: "2026-03-08T07:00:00.000Z" },
      { key: "2026-03-09/0", start: "2026-03-09T04:00:00.000Z" },
      { key: "2026-03-09/1380", start: "2026-03-10T03:00:00.000Z" },
    ]);

    const booked = await bookSlot({ token: invitation.bookingToken, slotKey: "2026-03-08/180", now: NOW });
    expect(booked.selectedStart?.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    const moved = await bookSlot({ token: invitation.bookingToken, slotKey: "2026-03-09/1380", now: NOW });
    expect(moved.selectedStart?.toISOString()).toBe("2026-03-10T03:00:00.000Z");
    await expect(bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(outside), now: NOW })).rejects.toThrow(SLOT_TAKEN);
  });

  it("answers an unknown, taken or altered key 'no longer available' (400 for one that is no key), never a 500, and changes nothing", async () => {
    const slot = await slotAt("2026-03-03", "10:00", "10:30");
    const ana = await createBookingInvitation({ actor, leadId: (await makeLead()).id, windowDays: 7, now: NOW });
    const ben = await createBookingInvitation({ actor, leadId: (await makeLead("Ben Racer", "ben@example.com")).id, windowDays: 7, now: NOW });
    for (const key of ["2026-03-03/601", "2026-03-04/600", "2026-02-30/600", "2026-03-03/1440", "not-a-key", slot.id]) {
      await expect(bookSlot({ token: ana.bookingToken, slotKey: key, now: NOW }), key).rejects.toMatchObject({ message: SLOT_TAKEN, status: 409 });
    }
    await bookSlot({ token: ben.bookingToken, slotKey: slotKeyOf(slot), now: NOW });
    await expect(bookSlot({ token: ana.bookingToken, slotKey: slotKeyOf(slot), now: NOW })).rejects.toMatchObject({ message: SLOT_TAKEN, status: 409 });

    // Posted to the page: a key altered into no key at all is refused before anything is read.
    for (const key of ["2026-02-30/600", "2026-03-03/600x", slot.id, "x".repeat(500)]) {
      const request = new Request(`http://localhost/booking/${ana.bookingToken}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "book", time: `slot:${key}`, timeZone: "UTC" }),
      });
      const answer = await bookingAction({ request, params: { token: ana.bookingToken }, context: { clientAddress: "203.0.113.21" } } as never);
      expect({ key, status: statusOf(answer) }).toEqual({ key, status: 400 });
      expect(bodyOf(answer)).toMatchObject({ ok: false, formError: `Failed to book: ${SLOT_TAKEN}` });
    }
    const [untouched] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, ana.id));
    expect(untouched).toMatchObject({ selectedSlotId: null, status: "pending" });
  });

  it("offers two slots that start together as one time, and books the shorter one still open", async () => {
    const short = await slotAt("2026-03-03", "10:00", "10:30");
    const long = await slotAt("2026-03-03", "10:00", "11:00");
    const ana = await createBookingInvitation({ actor, leadId: (await makeLead()).id, windowDays: 7, now: NOW });
    const ben = await createBookingInvitation({ actor, leadId: (await makeLead("Ben Racer", "ben@example.com")).id, windowDays: 7, now: NOW });
    const page = await loadBookingPage(ana.bookingToken, NOW);
    expect(page.kind === "ready" && page.offered).toMatchObject({ days: "2026-03-03:600", count: 2 });
    expect((await bookSlot({ token: ana.bookingToken, slotKey: "2026-03-03/600", now: NOW })).selectedSlotId).toBe(short.id);
    expect((await bookSlot({ token: ben.bookingToken, slotKey: "2026-03-03/600", now: NOW })).selectedSlotId).toBe(long.id);
  });

  it("lets exactly one of 20 concurrent visitors book a slot; the others hear it is no longer available", async () => {
    const slot = await slotAt("2026-03-03", "10:00", "10:30");
    const tokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const lead = await makeLead(`Visitor ${index}`, `visitor${index}@example.com`);
      tokens.push((await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW })).bookingToken);
    }
    const results = await Promise.allSettled(tokens.map((token) => bookSlot({ token, slotKey: slotKeyOf(slot), now: NOW })));
    const winners = results.filter((result) => result.status === "fulfilled");
    const losers = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect((loser.reason as Error).message).toBe(SLOT_TAKEN);
    const [row] = await db().select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id));
    expect(row?.status).toBe("booked");
  });

  it("never lets one invitation hold two slots: rebooking frees the old slot in the same transaction", async () => {
    const lead = await makeLead();
    const first = await slotAt("2026-03-03", "10:00", "10:30");
    const second = await slotAt("2026-03-05", "10:00", "10:30");
    const booking = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });
    await bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(first), now: NOW });
    const results = await Promise.allSettled([
      bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(second), now: NOW }),
      bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(first), now: NOW }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const held = await db().select().from(availabilitySlots).where(eq(availabilitySlots.bookingId, booking.id));
    expect(held).toHaveLength(1);
    const open = await db().select().from(availabilitySlots).where(eq(availabilitySlots.status, "open"));
    expect(open).toHaveLength(1);
    const [row] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row?.selectedSlotId).toBe(held[0]?.id);
    expect(row?.icsSequence).toBeGreaterThan(0);
  });
});

describe("the admin's booking workflow", () => {
  async function bookedInvitation() {
    const lead = await makeLead();
    const slot = await slotAt("2026-03-04", "14:00", "14:30");
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });
    const booking = await bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(slot), now: NOW });
    return { lead, slot, booking };
  }

  it("confirms with a meeting link, proposes new times the visitor picks, completes, and refuses wrong transitions", async () => {
    const { lead, slot, booking } = await bookedInvitation();
    await expect(completeBooking({ actor, bookingId: booking.id, now: NOW })).rejects.toThrow("Only a confirmed booking can be marked completed.");
    await expect(confirmBooking({ actor, bookingId: booking.id, meetingLink: "", now: NOW })).rejects.toThrow("Please provide a meeting link");
    const confirmed = await confirmBooking({ actor, bookingId: booking.id, meetingLink: "https://meet.example.com/abc", now: NOW });
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.icsSequence).toBe(1);
    await expect(confirmBooking({ actor, bookingId: booking.id, meetingLink: "https://meet.example.com/abc", now: NOW })).rejects.toThrow("Only a pending booking can be confirmed.");

    await expect(proposeNewTimes({ actor, bookingId: booking.id, starts: [], now: NOW })).rejects.toThrow("Please add at least one time slot");
    const proposedStart = localToInstant("2026-03-06", "15:00", NY)!;
    const proposed = await proposeNewTimes({ actor, bookingId: booking.id, starts: [proposedStart], now: NOW });
    expect(proposed.status).toBe("rescheduled");
    expect(proposed.proposedSlots).toEqual([{ start: "2026-03-06T20:00:00.000Z", end: "2026-03-06T20:30:00.000Z" }]);
    const page = await loadBookingPage(booking.bookingToken, NOW);
    if (page.kind !== "ready") throw new Error("not ready");
    expect(page.proposed).toHaveLength(1);

    const moved = await bookSlot({ token: booking.bookingToken, proposedStart: proposedStart.toISOString(), now: NOW });
    expect(moved.selectedStart?.toISOString()).toBe("2026-03-06T20:00:00.000Z");
    expect(moved.icsSequence).toBe(2);
    const [oldSlot] = await db().select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id));
    expect(oldSlot?.status).toBe("open");
    const rescheduledMail = (await outbox()).find((message) => message.emailType === "booking_rescheduled");
    const ics = Buffer.from(rescheduledMail?.attachments[0]?.content ?? "", "base64").toString("utf8");
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain(`UID:booking-${booking.id}@consultations`);

    await confirmBooking({ actor, bookingId: booking.id, meetingLink: "https://meet.example.com/abc", now: NOW });
    const completed = await completeBooking({ actor, bookingId: booking.id, now: NOW });
    expect(completed.status).toBe("completed");
    const [updatedLead] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(updatedLead?.bookingStatus).toBe("completed");
    await expect(cancelBooking({ actor, bookingId: booking.id, now: NOW })).rejects.toThrow("This booking is already closed.");
  });

  it("cancels with METHOD:CANCEL, frees the slot, and the visitor may not change inside the cut-off", async () => {
    const { slot, booking } = await bookedInvitation();
    const lateNow = new Date("2026-03-04T10:00:00Z"); // 09:00 UTC-5 = 5 hours before the 14:00 call
    await expect(cancelByVisitor({ token: booking.bookingToken, now: lateNow })).rejects.toThrow("can no longer be cancelled online");
    await cancelByVisitor({ token: booking.bookingToken, now: NOW });
    const [row] = await db().select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id));
    expect(row).toMatchObject({ status: "open", bookingId: null });
    const cancelMail = (await outbox()).find((message) => message.emailType === "booking_cancelled");
    expect(Buffer.from(cancelMail?.attachments[0]?.content ?? "", "base64").toString("utf8")).toContain("METHOD:CANCEL");
  });

  it("sends the 24-hour reminder once, even when two workers run it", async () => {
    const { booking } = await bookedInvitation();
    await confirmBooking({ actor, bookingId: booking.id, meetingLink: "https://meet.example.com/abc", now: NOW });
    expect(await sendDueReminders({ now: NOW })).toBe(0); // more than 24 h ahead
    const dayBefore = new Date("2026-03-03T20:00:00Z");
    await Promise.all([sendDueReminders({ now: dayBefore }), sendDueReminders({ now: dayBefore })]);
    await sendDueReminders({ now: dayBefore });
    expect((await outbox()).filter((message) => message.emailType === "booking_reminder")).toHaveLength(1);
  });

  it("reopens the slots of deleted invitations and deleted leads", async () => {
    const { lead, slot, booking } = await bookedInvitation();
    await deleteBookingInvitation({ actor, bookingId: booking.id });
    const [row] = await db().select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id));
    expect(row).toMatchObject({ status: "open", bookingId: null });

    const again = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });
    await bookSlot({ token: again.bookingToken, slotKey: slotKeyOf(slot), now: NOW });
    expect(await deleteLeads(testActor(), [lead.id])).toBe(1);
    const [released] = await db().select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id));
    expect(released).toMatchObject({ status: "open", bookingId: null });
  });

  it("invites a client added by hand through a lead made for it", async () => {
    await slotAt("2026-03-03", "10:00", "10:30");
    const [client] = await db().insert(clients).values({ name: "Hand Made", email: "hand@example.com" }).returning();
    const booking = await createBookingInvitation({ actor, clientId: client!.id, windowDays: 7, now: NOW });
    const [linked] = await db().select().from(clients).where(eq(clients.id, client!.id));
    expect(linked?.leadId).toBe(booking.leadId);
    const [lead] = await db().select().from(leads).where(eq(leads.id, booking.leadId));
    expect(lead).toMatchObject({ email: "hand@example.com", status: "converted", bookingStatus: "sent" });
    expect(booking.clientId).toBe(client!.id);
  });
});

describe("the lists of consultations and bookings", () => {
  async function client(name: string) {
    const [row] = await db().insert(clients).values({ name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com` }).returning();
    if (!row) throw new Error("no client");
    return row;
  }

  it("pages the consultations by date (undated last), searches their client, and counts the tiles over both kinds", async () => {
    const rosa = await client("Rosa Delgado");
    const omar = await client("Omar Haddad");
    const dates = ["2026-03-01", "2026-03-05", "2026-03-05", null, "2026-02-20"];
    await db()
      .insert(consultations)
      .values(dates.map((scheduledDate, index) => ({ clientId: index % 2 === 0 ? rosa.id : omar.id, scheduledDate, status: index === 0 ? ("completed" as const) : ("scheduled" as const) })));
    const first = await listConsultations({ search: "", status: null }, { size: 2 });
    const second = await listConsultations({ search: "", status: null }, { size: 2, after: first.nextCursor });
    const third = await listConsultations({ search: "", status: null }, { size: 2, after: second.nextCursor });
    expect([...first.rows, ...second.rows, ...third.rows].map((row) => row.scheduledDate)).toEqual(["2026-03-05", "2026-03-05", "2026-03-01", "2026-02-20", null]);
    expect(third.nextCursor).toBeNull();
    expect((await listConsultations({ search: "", status: null }, { size: 2, before: second.previousCursor })).rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    expect((await listConsultations({ search: "", status: null }, { direction: "asc" })).rows.map((row) => row.scheduledDate)).toEqual([null, "2026-02-20", "2026-03-01", "2026-03-05", "2026-03-05"]);
    const rosas = await listConsultations({ search: "ROSA@", status: null });
    expect(rosas.rows.map((row) => row.client.name)).toEqual(["Rosa Delgado", "Rosa Delgado", "Rosa Delgado"]);
    expect((await listConsultations({ search: "100%_", status: null })).rows).toEqual([]);

    // A booked invitation ahead and one still open without a time.
    const lead = await makeLead("Ana Lima", "ana@example.com");
    const slot = await slotAt("2026-03-04", "14:00", "14:30");
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: NOW });
    await bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(slot), now: NOW });
    await slotAt("2026-03-05", "14:00", "14:30");
    await createBookingInvitation({ actor, leadId: (await makeLead("Ben Racer", "ben@example.com")).id, windowDays: 7, now: NOW });
    expect(await countBookings({ filters: {}, timeZone: NY, now: NOW })).toEqual({ total: 2, completed: 0, upcoming: 1 });
    const bookings = await listBookings({ filters: { search: "ana" }, timeZone: NY, page: { size: 1 } });
    expect(bookings.rows.map((row) => row.lead.name)).toEqual(["Ana Lima"]);
    expect(bookings.nextCursor).toBeNull();
    expect((await listBookings({ filters: { from: "2026-03-04", to: "2026-03-04" }, timeZone: NY })).rows.map((row) => row.id)).toEqual([invitation.id]);

    const view = (query: string) => readListView(new URLSearchParams(query), CONSULTATION_LIST_VIEW);
    const all = await consultationsOverview(view(""), {}, NOW);
    expect(all.tiles).toEqual({ total: 7, completed: 1, upcoming: 5 });
    expect(all.tab === "scheduled" && all.consultations.rows).toHaveLength(5);
    const pending = await consultationsOverview(view("status=pending&tab=invitations"), {}, NOW);
    expect(pending.tiles).toEqual({ total: 2, completed: 0, upcoming: 1 });
    expect(pending.tab === "invitations" && pending.invitations.rows.map((row) => row.lead.name).sort()).toEqual(["Ana Lima", "Ben Racer"]);
  });
});

describe("the audit log of availability, bookings and consultations", () => {
  it("writes each availability change's own entry, and none for what is refused or changes nothing", async () => {
    const admin = testActor({ email: "owner@example.com", ipAddress: "198.51.100.4" });
    const slot = await addSlot(admin, { date: "2026-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
    await expect(addSlot(admin, { date: "2026-03-03", startTime: "10:00", endTime: "10:30", status: "open" })).rejects.toThrow(/already exists/);
    const rule = await addRecurringRule(admin, { dayOfWeek: 2, startTime: "09:00", endTime: "10:00" });
    await setRecurringRuleActive(admin, rule.id, false);
    await expect(setRecurringRuleActive(admin, randomUUID(), true)).rejects.toThrow("Rule not found");
    await deleteRecurringRule(admin, rule.id);
    const { blocked } = await blockDates(admin, { startDate: "2026-03-03", endDate: "2026-03-04", reason: "Dentist for Ana" });
    await removeBlockedDate(admin, blocked.id);
    await expect(removeBlockedDate(admin, blocked.id)).rejects.toThrow("Blocked date not found");
    const settings = { defaultConsultDurationMinutes: 45, bufferTimeMinutes: 0, timezone: NY, defaultMeetingLink: null, bookingCancelCutoffHours: 24 };
    await updateAvailabilitySettings(admin, settings);
    await updateAvailabilitySettings(admin, settings); // nothing changed: no entry
    await expect(deleteSlots(admin, [randomUUID()])).rejects.toThrow("This slot was booked or deleted meanwhile.");

    const audit = (await listAuditEntries({ domain: "availability" })).reverse();
    expect(audit.map((entry) => entry.action)).toEqual([
      "availability.add-slot",
      "availability.add-rule",
      "availability.toggle-rule",
      "availability.delete-rule",
      "availability.block",
      "availability.unblock",
      "availability.settings",
    ]);
    expect(audit.every((entry) => entry.actorEmail === "owner@example.com" && entry.ipAddress === "198.51.100.4")).toBe(true);
    expect(audit[0]).toMatchObject({ entityType: "slot", entityId: slot.id, summary: "Added a slot on Mar 3, 2026 10:00–10:30" });
    expect(audit[2]).toMatchObject({ entityType: "rule", entityId: rule.id, summary: "Deactivated the recurring rule Tuesday 09:00–10:00", details: { isActive: false } });
    expect(audit[4]).toMatchObject({ entityType: "blocked-date", summary: "Blocked Mar 3, 2026 to Mar 4, 2026, deleting 1 slot(s)" });
    expect(JSON.stringify(audit[4])).not.toContain("Dentist");
    expect(audit[6]).toMatchObject({ action: "availability.settings", details: { changed: ["defaultConsultDurationMinutes"] } });
  });

  it("writes each booking change's entry about the booking, with the admin, and none for a refused transition", async () => {
    const admin = testActor({ email: "owner@example.com" });
    const lead = await makeLead();
    const slot = await slotAt("2026-03-04", "14:00", "14:30");
    const invitation = await createBookingInvitation({ actor: admin, leadId: lead.id, windowDays: 7, now: NOW });
    await resendBookingInvitation({ actor: admin, bookingId: invitation.id });
    await bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(slot), now: NOW }); // the visitor: no admin, no entry
    await expect(completeBooking({ actor: admin, bookingId: invitation.id, now: NOW })).rejects.toThrow(/Only a confirmed booking/);
    await confirmBooking({ actor: admin, bookingId: invitation.id, meetingLink: "https://meet.example.com/ana", now: NOW });
    await proposeLocalTimes({ actor: admin, bookingId: invitation.id, localStarts: ["2026-03-06T15:00"], now: NOW });
    await cancelBooking({ actor: admin, bookingId: invitation.id, now: NOW });
    await expect(cancelBooking({ actor: admin, bookingId: invitation.id, now: NOW })).rejects.toThrow("This booking is already closed.");
    await deleteBookingInvitation({ actor: admin, bookingId: invitation.id });

    const audit = (await listAuditEntries({ entityType: "booking", entityId: invitation.id })).reverse();
    expect(audit.map((entry) => entry.action)).toEqual(["booking.send", "booking.resend", "booking.confirm", "booking.propose", "booking.cancel", "booking.delete"]);
    expect(audit.every((entry) => entry.actorEmail === "owner@example.com" && (entry.details as { leadId?: string }).leadId === lead.id)).toBe(true);
    expect(audit[3]).toMatchObject({ summary: "Proposed 1 new time(s) for a booking", details: { proposed: ["2026-03-06T20:00:00.000Z"], status: { from: "confirmed", to: "rescheduled" } } });
    for (const entry of audit) expect(JSON.stringify([entry.summary, entry.details])).not.toMatch(/Ana|ana@example/);
    const [sent] = await listLeadTimeline(lead.id).then((events) => events.filter((event) => event.event === "invitation_sent"));
    expect(sent).toBeDefined();
  });

  it("writes the consultations' entries from the Consultations page and from a client's page, about the consultation", async () => {
    const admin = testActor({ email: "owner@example.com" });
    const [client] = await db().insert(clients).values({ name: "Rosa Delgado", email: "rosa@example.com" }).returning();
    const [other] = await db().insert(clients).values({ name: "Omar Haddad", email: "omar@example.com" }).returning();
    const input = {
      consultType: "follow-up" as const,
      status: "scheduled" as const,
      scheduledDate: "2026-12-01",
      scheduledStartTime: "10:00",
      scheduledEndTime: "10:30",
      projectId: null,
      meetingLink: null,
      notes: "Rosa wants menus",
    };
    const consultation = await addClientConsultation(admin, client!.id, input);
    await expect(updateClientConsultation(admin, other!.id, consultation.id, input)).rejects.toThrow(/no longer exists/);
    await updateClientConsultation(admin, client!.id, consultation.id, { ...input, status: "completed" });
    await notifyClientOfConsultation(admin, client!.id, consultation.id);
    await updateConsultation(admin, consultation.id, { status: "cancelled", scheduledDate: "2026-12-02", scheduledStartTime: null, scheduledEndTime: null, meetingLink: null, notes: null });
    await expect(updateConsultation(admin, randomUUID(), { status: "cancelled", scheduledDate: null, scheduledStartTime: null, scheduledEndTime: null, meetingLink: null, notes: null })).rejects.toThrow("Consultation not found");
    await deleteConsultation(admin, consultation.id);
    await expect(deleteClientConsultation(admin, client!.id, consultation.id)).rejects.toMatchObject({ status: 404 });

    const audit = (await listAuditEntries({ entityType: "consultation", entityId: consultation.id })).reverse();
    expect(audit.map((entry) => entry.action)).toEqual([
      "client.add-consultation",
      "client.update-consultation",
      "client.notify-consultation",
      "consultation.update-consultation",
      "consultation.delete-consultation",
    ]);
    expect(audit[3]).toMatchObject({ summary: "Updated a consultation, status completed to cancelled", details: { clientId: client!.id, status: { from: "completed", to: "cancelled" } } });
    for (const entry of audit) expect(JSON.stringify([entry.summary, entry.details])).not.toMatch(/Rosa|rosa@|menus/);

    // A discovery call linked to the client's project: the client page's action, about the booking.
    const lead = await makeLead("Rosa Delgado", "rosa@example.com");
    await db().update(clients).set({ leadId: lead.id }).where(eq(clients.id, client!.id));
    const [call] = await db().insert(consultationBookings).values({ leadId: lead.id, bookingToken: `${lead.id}-${"a".repeat(32)}`, status: "completed" }).returning();
    const [project] = await db().insert(projects).values({ clientId: client!.id, name: "Site", projectNumber: "PRJ-9001", tier: "2" }).returning();
    await linkDiscoveryCallToProject(admin, client!.id, call!.id, project!.id);
    await expect(linkDiscoveryCallToProject(admin, client!.id, call!.id, project!.id)).rejects.toMatchObject({ status: 409 });
    const linked = await listAuditEntries({ action: "client.link-booking" });
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ entityType: "booking", entityId: call!.id, summary: "Linked a discovery call to project PRJ-9001", details: { clientId: client!.id, projectId: project!.id } });
  });
});
