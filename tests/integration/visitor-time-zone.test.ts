import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addSlot } from "~/availability/availability-editing.server";
import { slotKeyOf } from "~/availability/offered-days";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { action as bookingAction } from "~/booking/booking-page";
import * as bookingCalendar from "~/booking/booking-calendar-route";
import { addClient } from "~/clients/add-client.server";
import { confirmBooking } from "~/consultations/confirm-booking.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { proposeNewTimes } from "~/consultations/propose-new-times.server";
import { sendDueReminders } from "~/consultations/send-due-reminders.server";
import { addClientConsultation, notifyClientOfConsultation } from "~/consultations/client-consultations.server";
import { consultationBookings } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { dayIn, formatClockTime, formatLongDate } from "~/formatting/dates";
import { rememberedZoneValue, VISITOR_ZONE_COOKIE } from "~/formatting/time-zones";
import { leads } from "~/leads/schema";
import * as bookPage from "~/portal/portal-booking-page";
import * as callPage from "~/portal/portal-call-page";
import * as home from "~/portal/portal-home-page";
import { testActor } from "../support/actors";
import { portalCookie } from "../support/portal-scene";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { withTestDatabase } from "../support/test-database";

// Point 1 of issue 47 (decision 050): a call never shows two clock times to the same person. The
// zone they booked in is kept with the booking; every e-mail to them is written in it and names
// it; the portal's first view, written by the server, is in the zone their browser remembers, or
// the one they booked in.

withTestDatabase();

const actor = testActor();
const handler = (fn: unknown) => fn as RouteHandler;
const NY = "America/New_York";
const CHICAGO = "America/Chicago";
const TOKYO = "Asia/Tokyo";

async function openSlotIn(daysAhead: number, time: string) {
  const date = addDaysToDate(dayIn(new Date(), NY), daysAhead);
  const end = `${time.slice(0, 2)}:30`;
  const slot = await addSlot(actor, { date, startTime: time, endTime: end, status: "open" });
  return { slot, key: slotKeyOf(slot), start: localToInstant(date, time, NY)! };
}

async function mailsTo(email: string, type: string) {
  return (await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, email))).filter((row) => row.emailType === type);
}

/** "Tuesday, …, 2026 at 10:00 am (America/Chicago)", as the e-mails write a time. */
const when = (start: Date, zone: string) => `${formatLongDate(start, zone)} at ${formatClockTime(start, zone)} (${zone})`;

async function bookOnThePage(token: string, form: Record<string, string>) {
  const request = new Request(`http://localhost/booking/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "book", ...form }),
  });
  return bookingAction({ request, params: { token }, context: { clientAddress: "203.0.113.77" } } as never);
}

describe("one time zone per person", () => {
  it("keeps the zone a visitor booked in and writes every e-mail to them in it, naming it; the agency's stay in the business zone", async () => {
    const { key, start } = await openSlotIn(3, "12:00");
    const [lead] = await db().insert(leads).values({ name: "Cleo Chicago", email: "cleo@example.test", source: "website", status: "new" }).returning();
    const invitation = await createBookingInvitation({ actor, leadId: lead!.id, windowDays: 7 });
    await bookOnThePage(invitation.bookingToken, { time: `slot:${key}`, timeZone: CHICAGO });

    const [booked] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, invitation.id));
    expect(booked?.visitorTimeZone).toBe(CHICAGO);
    // Noon in New York is 11:00 am in Chicago: the page showed 11:00, so does the e-mail.
    expect(formatClockTime(start, CHICAGO)).toBe("11:00 am");
    expect((await mailsTo("cleo@example.test", "booking_received"))[0]?.text).toContain(when(start, CHICAGO));
    const [agency] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "booking_agency_notification"));
    expect(agency?.text).toContain(when(start, NY));

    // The agency confirms and, the day before, reminds: both in Chicago time.
    await confirmBooking({ actor, bookingId: invitation.id, meetingLink: "https://meet.example.test/cleo" });
    expect((await mailsTo("cleo@example.test", "booking_confirmation"))[0]?.text).toContain(when(start, CHICAGO));
    await sendDueReminders({ now: new Date(start.getTime() - 6 * 3_600_000) });
    expect((await mailsTo("cleo@example.test", "booking_reminder"))[0]?.text).toContain(when(start, CHICAGO));

    // Times the agency proposes are listed in the zone she picks them in.
    const proposed = localToInstant(addDaysToDate(dayIn(new Date(), NY), 4), "15:00", NY)!;
    await proposeNewTimes({ actor, bookingId: invitation.id, starts: [proposed] });
    expect((await mailsTo("cleo@example.test", "booking_time_change"))[0]?.text).toContain(when(proposed, CHICAGO));
  });

  it("writes a visitor's e-mail in the business zone, naming it, when the zone posted is none", async () => {
    const { key, start } = await openSlotIn(2, "10:00");
    const [lead] = await db().insert(leads).values({ name: "Nora Nowhere", email: "nora@example.test", source: "website", status: "new" }).returning();
    const invitation = await createBookingInvitation({ actor, leadId: lead!.id, windowDays: 7 });
    await bookOnThePage(invitation.bookingToken, { time: `slot:${key}`, timeZone: "Mars/Olympus_Mons" });
    const [booked] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, invitation.id));
    expect(booked?.visitorTimeZone).toBeNull();
    expect((await mailsTo("nora@example.test", "booking_received"))[0]?.text).toContain(when(start, NY));
  });

  it("shows the portal's first view in the zone the browser remembers, else the one the client booked in, else the business zone", async () => {
    const { client } = await addClient({ actor, input: { name: "Cleo Chicago", email: "cleo@chicago.test", phone: null, tier: "1", notes: null } });
    const session = await portalCookie("cleo@chicago.test");
    const zoneOfHome = async (cookie: string) => {
      const answer = await callRoute(handler(home.loader), "/portal", { cookie });
      return (answer.body as { zone: string }).zone;
    };
    // Never booked, nothing remembered: the business zone, which the page names.
    expect(await zoneOfHome(session)).toBe(NY);

    // Booked from the portal in Chicago (the booking page's zone, posted with the choice).
    const { key, start } = await openSlotIn(5, "13:00");
    const booked = await callRoute(handler(bookPage.action), "/portal/book", { cookie: session, form: { intent: "book", time: `slot:${key}`, timeZone: CHICAGO } });
    // Booked, the client lands on the call's own page (its time, 'Add to calendar', move, cancel).
    const [booking] = await db().select().from(consultationBookings).where(eq(consultationBookings.clientId, client.id));
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toBe(`/portal/consultations/${booking?.id}`);
    expect(await zoneOfHome(session)).toBe(CHICAGO);
    const call = await callRoute(handler(callPage.loader), `/portal/consultations/${booking?.id}`, { cookie: session, params: { callId: booking!.id } });
    expect(call.body).toMatchObject({ zone: CHICAGO, booked: { start: start.toISOString() } });

    // This browser remembers another zone (its own, or one chosen): that one.
    for (const chosen of [false, true]) {
      const cookie = `${session}; ${VISITOR_ZONE_COOKIE}=${rememberedZoneValue({ zone: TOKYO, chosen })}`;
      expect(await zoneOfHome(cookie)).toBe(TOKYO);
    }
    // An altered cookie is no zone.
    expect(await zoneOfHome(`${session}; ${VISITOR_ZONE_COOKIE}=auto%3ANowhere%2FAtAll`)).toBe(CHICAGO);
  });

  it("writes the agency's consultation e-mail in the client's zone when known", async () => {
    const { client } = await addClient({ actor, input: { name: "Tomo Tokyo", email: "tomo@tokyo.test", phone: null, tier: "1", notes: null } });
    const date = addDaysToDate(dayIn(new Date(), NY), 6);
    const consultation = await addClientConsultation(actor, client.id, {
      consultType: "follow-up",
      status: "scheduled",
      scheduledDate: date,
      scheduledStartTime: "14:00",
      scheduledEndTime: "14:30",
      projectId: null,
      meetingLink: null,
      notes: null,
    });
    await notifyClientOfConsultation(actor, client.id, consultation.id);
    expect((await mailsTo("tomo@tokyo.test", "consultation_notification"))[0]?.text).toContain("14:00–14:30 (America/New_York)");

    // Once they have booked from Tokyo, the agency's e-mails about their calls are in Tokyo time.
    const cookie = await portalCookie("tomo@tokyo.test");
    const { key } = await openSlotIn(3, "09:00");
    await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${key}`, timeZone: TOKYO } });
    await db().delete(emailOutbox).where(eq(emailOutbox.toEmail, "tomo@tokyo.test"));
    await notifyClientOfConsultation(actor, client.id, consultation.id);
    const start = localToInstant(date, "14:00", NY)!;
    const end = localToInstant(date, "14:30", NY)!;
    expect((await mailsTo("tomo@tokyo.test", "consultation_notification"))[0]?.text).toContain(
      `${formatLongDate(start, TOKYO)}, ${formatClockTime(start, TOKYO)} – ${formatClockTime(end, TOKYO)} (${TOKYO})`,
    );
  });

  it("gives a link's booked time as a calendar file, and nothing for a link that is not one", async () => {
    const { key, start } = await openSlotIn(2, "11:00");
    const [lead] = await db().insert(leads).values({ name: "Ivy Ics", email: "ivy@example.test", source: "website", status: "new" }).returning();
    const invitation = await createBookingInvitation({ actor, leadId: lead!.id, windowDays: 7 });
    const calendarOf = (token: string) => callRoute(handler(bookingCalendar.loader), `/booking/${token}/calendar`, { params: { token } });
    // Nothing booked yet: nothing to add.
    expect((await calendarOf(invitation.bookingToken)).status).toBe(404);
    await bookOnThePage(invitation.bookingToken, { time: `slot:${key}`, timeZone: CHICAGO });
    const answer = await calendarOf(invitation.bookingToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const ics = await (answer.body as Response).text();
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(ics).toContain(`UID:booking-${invitation.id}@consultations`);
    // A guessed secret, the lead id alone, or nonsense: 404, the same answer.
    for (const token of [`${lead!.id}-${"0".repeat(32)}`, lead!.id, "x", `${invitation.bookingToken}0`]) {
      expect((await calendarOf(token)).status, token).toBe(404);
    }
  });
});
