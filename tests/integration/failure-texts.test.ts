import { randomUUID } from "node:crypto";
import { slotKeyOf } from "~/availability/offered-days";
import { decodeBookingPage } from "~/booking/booking-page-data";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addSlot } from "~/availability/availability-editing.server";
import { action as availabilityAction } from "~/availability/availability-page";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { action as bookingAction, loader as bookingLoader } from "~/booking/booking-page";
import { action as clientAction } from "~/admin/client-detail-page";
import { clients } from "~/clients/schema";
import { bookSlot } from "~/consultations/book-slot.server";
import { SLOT_TAKEN } from "~/consultations/booking-status";
import { action as invitationsAction } from "~/consultations/booking-invitations-route";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { proposeNewTimes } from "~/consultations/propose-new-times.server";
import { NO_SLOTS_FOR_INVITATION } from "~/consultations/consultation-forms";
import { action as consultationsAction } from "~/consultations/consultations-page";
import { consultationBookings } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { leads } from "~/leads/schema";
import { action as newProjectAction } from "~/projects/new-project-page";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { testActor } from "../support/actors";
import { bodyOf, postToAction, statusOf } from "../support/route-actions";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// Spec 001 §8 and 000 §8: each failure text of the catalogue is shown where its failure happens,
// as the title of the form's message (the toast) or, on the public booking page, in its words.

const actor = testActor();

async function aLead(email = "ana@example.com") {
  const [lead] = await db().insert(leads).values({ name: "Ana Lima", email, source: "website", status: "new" }).returning();
  if (!lead) throw new Error("no lead");
  return lead;
}

async function aClient(name = "Bo Chen") {
  const [client] = await db().insert(clients).values({ name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com` }).returning();
  if (!client) throw new Error("no client");
  return client;
}

async function aProjectOf(clientId: string) {
  const [project] = await db().insert(projects).values({ clientId, name: "Site", tier: "1", projectNumber: `PRJ-${randomUUID().slice(0, 6)}` }).returning();
  if (!project) throw new Error("no project");
  return project;
}

/** The refusal's status, toast title and message. */
function refusalOf(answer: unknown) {
  const body = bodyOf(answer);
  return { status: statusOf(answer), title: body.formErrorTitle, message: body.formError };
}

describe("the back-office's failure texts", () => {
  it("booking invitations: 'Failed to send booking invitation', 'Failed to resend invitation', 'Failed to delete invitation'", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const lead = await aLead();
    const post = (fields: Record<string, string>) => postToAction(invitationsAction, "/admin/booking-invitations", cookie, fields);
    expect(refusalOf(await post({ intent: "send", leadId: lead.id, windowDays: "7" }))).toEqual({
      status: 409,
      title: "Failed to send booking invitation",
      message: NO_SLOTS_FOR_INVITATION,
    });
    expect(refusalOf(await post({ intent: "resend", bookingId: randomUUID() }))).toMatchObject({ status: 404, title: "Failed to resend invitation" });
    expect(refusalOf(await post({ intent: "delete", bookingId: randomUUID() }))).toMatchObject({ status: 404, title: "Failed to delete invitation" });
  });

  it("Consultations & Bookings: 'Failed to update consultation' and 'Failed to delete consultation'", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const post = (fields: Record<string, string>) => postToAction(consultationsAction, "/admin/consultations", cookie, fields);
    expect(refusalOf(await post({ intent: "delete-consultation", consultationId: randomUUID() }))).toMatchObject({ status: 404, title: "Failed to delete consultation" });
    expect(refusalOf(await post({ intent: "update-consultation", consultationId: randomUUID(), status: "completed", scheduledDate: "" }))).toMatchObject({
      status: 404,
      title: "Failed to update consultation",
    });
  });

  it("a client's page: 'Failed to create project', 'Failed to link project', 'Failed to add consultation'; the new project page too", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const client = await aClient();
    const other = await aClient("Cy Park");
    const othersProject = await aProjectOf(other.id);
    const gone = randomUUID();
    const post = (clientId: string, fields: Record<string, string>) => postToAction(clientAction, `/admin/clients/${clientId}`, cookie, fields, { clientId });
    expect(refusalOf(await post(gone, { intent: "create-project", name: "Menu site", tier: "1" }))).toMatchObject({ status: 404, title: "Failed to create project" });
    const consultation = { consultType: "follow-up", status: "scheduled", scheduledDate: "2026-12-01" };
    expect(refusalOf(await post(client.id, { intent: "add-consultation", ...consultation, projectId: othersProject.id }))).toEqual({
      status: 404,
      title: "Failed to link project",
      message: "This project no longer exists.",
    });
    expect(refusalOf(await post(gone, { intent: "add-consultation", ...consultation }))).toMatchObject({ status: 404, title: "Failed to add consultation" });
    const created = await postToAction(newProjectAction, "/admin/projects/new", cookie, { intent: "create-project", clientId: gone, name: "Menu site", tier: "1" });
    expect(refusalOf(created)).toMatchObject({ status: 404, title: "Failed to create project" });
  });

  it("Availability: 'Error updating rule', 'Error deleting rule', 'Error removing blocked date', 'Error deleting slot' and 'Error deleting slots'", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const post = (fields: Record<string, string> | URLSearchParams) => postToAction(availabilityAction, "/admin/availability", cookie, fields);
    expect(refusalOf(await post({ intent: "toggle-rule", ruleId: randomUUID(), isActive: "true" }))).toMatchObject({ status: 404, title: "Error updating rule" });
    expect(refusalOf(await post({ intent: "delete-rule", ruleId: randomUUID() }))).toMatchObject({ status: 404, title: "Error deleting rule" });
    expect(refusalOf(await post({ intent: "unblock", blockedId: randomUUID() }))).toMatchObject({ status: 404, title: "Error removing blocked date" });
    // A slot booked (or deleted) meanwhile is not deleted: refused, not 'Slot deleted'.
    const lead = await aLead();
    const slot = await addSlot(actor, { date: "2026-12-02", startTime: "10:00", endTime: "10:30", status: "open" });
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: new Date("2026-11-30T12:00:00Z") });
    await bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(slot), now: new Date("2026-11-30T12:00:00Z") });
    expect(refusalOf(await post({ intent: "delete-slots", slotId: slot.id }))).toEqual({
      status: 409,
      title: "Error deleting slot",
      message: "This slot was booked or deleted meanwhile.",
    });
    const several = new URLSearchParams([["intent", "delete-slots"], ["slotId", slot.id], ["slotId", randomUUID()]]);
    expect(refusalOf(await post(several))).toEqual({ status: 409, title: "Error deleting slots", message: "These slots were booked or deleted meanwhile." });
  });
});

describe("the public booking page's failure texts", () => {
  it("a page that cannot be read says 'Failed to load booking information' in its card titled 'Error'", async () => {
    const lead = await aLead();
    await addSlot(actor, { date: "2026-12-02", startTime: "10:00", endTime: "10:30", status: "open" });
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: new Date("2026-11-30T12:00:00Z") });
    // The database cannot answer the page's query.
    await db().execute(sql`alter table consultation_bookings rename to consultation_bookings_away`);
    const answer = await bookingLoader({ params: { token: invitation.bookingToken }, request: new Request("http://localhost/"), context: {} } as never);
    expect(statusOf(answer)).toBe(503);
    expect(decodeBookingPage(String(bodyOf(answer)))).toEqual({ kind: "error", message: "Failed to load booking information" });
    await db().execute(sql`alter table consultation_bookings_away rename to consultation_bookings`);
  });

  it("a time proposed across midnight is refused when proposed, and one proposed before is 'no longer available', never a 500", async () => {
    const lead = await aLead();
    const now = new Date("2026-03-02T13:00:00Z");
    const slot = await addSlot(actor, { date: "2026-03-04", startTime: "14:00", endTime: "14:30", status: "open" });
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now });
    const booking = await bookSlot({ token: invitation.bookingToken, slotKey: slotKeyOf(slot), now });
    const late = localToInstant("2026-03-06", "23:45", "America/New_York")!;
    await expect(proposeNewTimes({ actor, bookingId: booking.id, starts: [late], now })).rejects.toThrow("A proposed time must end before midnight (America/New_York).");
    // A proposal stored before that rule: the visitor's choice of it is refused like a time taken.
    await db()
      .update(consultationBookings)
      .set({ status: "rescheduled", proposedSlots: [{ start: late.toISOString(), end: new Date(late.getTime() + 30 * 60_000).toISOString() }] })
      .where(eq(consultationBookings.id, booking.id));
    await expect(bookSlot({ token: booking.bookingToken, proposedStart: late.toISOString(), now })).rejects.toThrow(SLOT_TAKEN);
  });

  it("a booking that fails on our side is answered 'Failed to book: Failed to confirm booking', keeping the page", async () => {
    const lead = await aLead();
    // The page books at the real time: a slot two days ahead in the business's calendar.
    const { timezone } = await getOrganizationSettings();
    const slot = await addSlot(actor, { date: addDaysToDate(dayIn(new Date(), timezone), 2), startTime: "10:00", endTime: "10:30", status: "open" });
    const invitation = await createBookingInvitation({ actor, leadId: lead.id, windowDays: 7, now: new Date() });
    // The booking's own transaction fails (its timeline entry cannot be written).
    await db().execute(sql`alter table lead_timeline_events rename to lead_timeline_events_away`);
    const request = new Request(`http://localhost/booking/${invitation.bookingToken}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "book", time: `slot:${slotKeyOf(slot)}`, timeZone: "America/Chicago" }),
    });
    const answer = await bookingAction({ request, params: { token: invitation.bookingToken }, context: { clientAddress: "203.0.113.9" } } as never);
    await db().execute(sql`alter table lead_timeline_events_away rename to lead_timeline_events`);
    expect(statusOf(answer)).toBe(500);
    expect(bodyOf(answer)).toMatchObject({ ok: false, intent: "book", formError: "Failed to book: Failed to confirm booking", values: { time: `slot:${slotKeyOf(slot)}` } });
    const [kept] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, invitation.id));
    expect(kept?.selectedSlotId).toBeNull();
  });
});
