import { createHash, randomBytes } from "node:crypto";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { isAdmin } from "~/auth/roles.server";
import { signInEpochOf } from "~/auth/sign-in-epochs.server";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { clients } from "~/clients/schema";
import { config } from "~/config.server";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { leads } from "~/leads/schema";
import { listProjectDeadlines } from "~/projects/projects.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { calendarFeeds, consultationBookings, consultations } from "./schema";

/**
 * Each admin's private calendar subscription (decision 033): the calls (bookings, confirmed or still
 * pending the agency's confirmation, marked tentative; and the consultations the agency scheduled)
 * and the projects' delivery deadlines, as one iCalendar feed
 * that calendar apps poll. Its address carries a 256-bit secret, stored only as its SHA-256 and
 * checked whole; a new address replaces the old one, which answers 404 from then on. It answers
 * only while its owner is an admin, and only under the sign-in epoch it was made in (issue 41):
 * the role taken, "sign out everywhere" or a new password end it, as they end the owner's sessions.
 */

/** How far back the feed reaches: recent calls stay visible, years of history do not make it heavy. */
const PAST_DAYS = 90;

const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The bookings the feed lists, by status: a time the visitor chose and the agency has not yet
 * confirmed (pending) is listed too, TENTATIVE, so the calendar holds it; a confirmed or completed
 * one is CONFIRMED. A booking with new times proposed (rescheduled) or cancelled holds no time.
 */
const FEED_BOOKING_STATUSES = ["pending", "confirmed", "completed"] as const;

function hashOf(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function calendarFeedUrl(token: string): string {
  return `${config().publicUrl}/calendar/${token}.ics`;
}

/** Whether a feed still answers: its owner an admin now, and its epoch the owner's current one. */
async function feedIsLive(feed: { userId: string; signInEpoch: number }): Promise<boolean> {
  const [admin, epoch] = await Promise.all([isAdmin(feed.userId), signInEpochOf(feed.userId)]);
  return admin && epoch === feed.signInEpoch;
}

/** When the admin's feed address was made and whether it still works (ending their sign-ins ended it), or null when they have none. */
export async function findCalendarFeed(userId: string): Promise<{ createdAt: Date; live: boolean } | null> {
  const [feed] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feed ? { createdAt: feed.createdAt, live: await feedIsLive(feed) } : null;
}

/** Makes the admin's feed address (anew: the previous one stops working); answers it, the one time it is shown. */
export async function makeCalendarFeed(actor: Actor, now = new Date()): Promise<string> {
  const userId = actor.userId;
  if (!userId) throw new Error("A calendar feed belongs to an admin's account");
  const token = randomBytes(32).toString("base64url");
  await db().transaction(async (tx) => {
    const [previous] = await tx.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).for("update");
    const signInEpoch = await signInEpochOf(userId, tx);
    await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash: hashOf(token), createdAt: now, signInEpoch })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashOf(token), createdAt: now, signInEpoch } });
    await recordAuditEntry(tx, actor, {
      action: previous ? "consultation.renew-calendar-feed" : "consultation.make-calendar-feed",
      entityType: "calendar-feed",
      entityId: null,
      summary: previous ? "Made a new calendar feed address; the old one stopped working" : "Made a calendar feed address",
    });
  });
  return calendarFeedUrl(token);
}

const utc = (instant: Date): DateArray => [instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate(), instant.getUTCHours(), instant.getUTCMinutes()];
const day = (date: string): DateArray => {
  const [year, month, dayOfMonth] = date.split("-").map(Number);
  return [year ?? 1970, month ?? 1, dayOfMonth ?? 1];
};
const timed = (start: Date, end: Date) => ({ start: utc(start), startInputType: "utc", startOutputType: "utc", end: utc(end), endInputType: "utc", endOutputType: "utc" }) as const;

/** The feed of the admin whose secret `token` is, as iCalendar text; null when no feed has it, or its owner's role or epoch ended it. */
export async function calendarFeedByToken(token: string, now = new Date()): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [feed] = await db().select({ userId: calendarFeeds.userId, signInEpoch: calendarFeeds.signInEpoch }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed || !(await feedIsLive(feed))) return null;
  const settings = await getOrganizationSettings();
  const zone = settings.timezone;
  const fromDay = addDaysToDate(dayIn(now, zone), -PAST_DAYS);
  const from = localToInstant(fromDay, "00:00", zone) ?? now;
  const [bookings, scheduled, deadlines] = await Promise.all([
    db()
      .select({ booking: consultationBookings, leadName: leads.name })
      .from(consultationBookings)
      .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
      .where(and(inArray(consultationBookings.status, FEED_BOOKING_STATUSES), gte(consultationBookings.selectedStart, from))),
    db()
      .select({ consultation: consultations, clientName: clients.name })
      .from(consultations)
      .innerJoin(clients, eq(clients.id, consultations.clientId))
      // A consultation kept from a completed booking is that booking's call, already listed.
      .where(and(inArray(consultations.status, ["scheduled", "completed"]), isNull(consultations.bookingId), sql`${consultations.scheduledDate} >= ${fromDay}::date`)),
    listProjectDeadlines(fromDay),
  ]);
  const events: EventAttributes[] = [];
  for (const { booking, leadName } of bookings) {
    if (!booking.selectedStart || !booking.selectedEnd) continue;
    events.push({
      uid: `feed-booking-${booking.id}@consultations`,
      sequence: booking.icsSequence,
      ...timed(booking.selectedStart, booking.selectedEnd),
      title: `Consultation with ${leadName}`,
      description: booking.status === "pending" ? "Booked, waiting for your confirmation" : booking.meetingLink ? `Join: ${booking.meetingLink}` : "Booked consultation",
      ...(booking.meetingLink ? { location: booking.meetingLink, url: booking.meetingLink } : {}),
      status: booking.status === "pending" ? "TENTATIVE" : "CONFIRMED",
    });
  }
  for (const { consultation, clientName } of scheduled) {
    const start = consultation.scheduledDate && consultation.scheduledStartTime ? localToInstant(consultation.scheduledDate, consultation.scheduledStartTime.slice(0, 5), zone) : null;
    if (!start || !consultation.scheduledDate) continue;
    const given = consultation.scheduledEndTime ? localToInstant(consultation.scheduledDate, consultation.scheduledEndTime.slice(0, 5), zone) : null;
    const end = given && given > start ? given : new Date(start.getTime() + settings.defaultConsultDurationMinutes * 60_000);
    events.push({
      uid: `feed-consultation-${consultation.id}@consultations`,
      ...timed(start, end),
      title: `${consultation.consultType === "initial" ? "Initial" : "Follow-up"} consultation with ${clientName}`,
      description: consultation.meetingLink ? `Join: ${consultation.meetingLink}` : "Consultation",
      ...(consultation.meetingLink ? { location: consultation.meetingLink, url: consultation.meetingLink } : {}),
      status: "CONFIRMED",
    });
  }
  for (const project of deadlines) {
    events.push({
      uid: `feed-deadline-${project.id}@projects`,
      start: day(project.deadline),
      end: day(addDaysToDate(project.deadline, 1)),
      title: `Deadline: ${project.label} (${project.clientName})`,
      description: `Delivery deadline of ${project.label} for ${project.clientName}`,
      transp: "TRANSPARENT",
    });
  }
  const companyName = settings.companyName ?? "Our studio";
  const { error, value } = createEvents(events, { productId: "agency/calendar-feed", calName: `${companyName}: calls and deadlines` });
  if (error || !value) throw error ?? new Error("The calendar feed could not be made");
  // The zone the calendar's times are meant in, for apps that show a subscription in its own zone.
  return value.replace(/(X-WR-CALNAME:[^\r\n]*\r?\n)/, `$1X-WR-TIMEZONE:${zone}\r\n`);
}
