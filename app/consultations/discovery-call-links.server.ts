import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { notFound, Refusal } from "~/refusal/refusal";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { consultationBookings, consultations, type ConsultationBooking, type ConsultationBookingStatus, type ConsultationStatus } from "./schema";

/** What a linked discovery call's admin notes say (spec 001 §4: "Linked to project"). */
export const LINKED_TO_PROJECT_NOTE = "Linked to project";

const title = "Failed to link booking to project";
const callOrProjectGone = () => notFound("The call or the project no longer exists.", { title });

/** The spec's fallback for a call linked before a time was chosen (001 §9): 09:00 to 10:00 on today's date. */
export const FALLBACK_CALL_TIMES = { startTime: "09:00:00", endTime: "10:00:00" } as const;

const CALL_STATUS: Partial<Record<ConsultationBookingStatus, ConsultationStatus>> = { completed: "completed", cancelled: "cancelled" };

/**
 * The call as the client's consultation on the project (its booking's own, made when it was marked
 * completed, or a new one): at the time the lead chose, in the business's calendar, or at the
 * spec's fallback, 09:00–10:00 today there.
 */
async function recordCallOnProject(tx: DatabaseExecutor, call: ConsultationBooking, clientId: string, projectId: string, now: Date): Promise<string> {
  const [kept] = await tx
    .update(consultations)
    .set({ projectId: sql`coalesce(${consultations.projectId}, ${projectId}::uuid)`, updatedAt: now })
    .where(eq(consultations.bookingId, call.id))
    .returning({ id: consultations.id });
  if (kept) return kept.id;
  const { timezone } = await getOrganizationSettings(tx);
  const chosen = call.selectedStart && call.selectedEnd ? { start: new TZDate(call.selectedStart, timezone), end: new TZDate(call.selectedEnd, timezone) } : null;
  const [made] = await tx
    .insert(consultations)
    .values({
      clientId,
      bookingId: call.id,
      projectId,
      consultType: "initial",
      status: CALL_STATUS[call.status] ?? "scheduled",
      scheduledDate: dayIn(chosen?.start ?? now, timezone),
      scheduledStartTime: chosen ? format(chosen.start, "HH:mm:ss") : FALLBACK_CALL_TIMES.startTime,
      scheduledEndTime: chosen ? format(chosen.end, "HH:mm:ss") : FALLBACK_CALL_TIMES.endTime,
      meetingLink: call.meetingLink,
    })
    .returning({ id: consultations.id });
  if (!made) throw new Error("The call's consultation was not saved");
  return made.id;
}

/**
 * Links a client's discovery call (a booking of the lead the client came from) to one of the
 * client's projects, once: a conditional update, so a second link — a double click, two admins —
 * changes nothing (refused: already linked). The admin notes keep what they said and gain
 * "Linked to project PRJ-…", and the call becomes the client's consultation on that project
 * (at the chosen time, or 09:00–10:00 today). Answers the project's number. Its audit entry is the
 * client page's action (`client.link-booking`), about the booking.
 */
export async function linkDiscoveryCallToProject(
  actor: Actor,
  clientId: string,
  bookingId: string,
  projectId: string,
  now = new Date(),
): Promise<{ projectNumber: string }> {
  return db().transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    const [project] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
    if (!client || !project) throw callOrProjectGone();
    const ownBooking = client.leadId
      ? or(eq(consultationBookings.clientId, clientId), eq(consultationBookings.leadId, client.leadId))
      : eq(consultationBookings.clientId, clientId);
    const note = `${LINKED_TO_PROJECT_NOTE} ${project.projectNumber}`;
    const [linked] = await tx
      .update(consultationBookings)
      .set({
        projectId: project.id,
        clientId,
        adminNotes: sql`concat_ws(E'\n', nullif(${consultationBookings.adminNotes}, ''), ${note}::text)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(consultationBookings.id, bookingId), ownBooking, isNull(consultationBookings.projectId)))
      .returning();
    if (linked) {
      const consultationId = await recordCallOnProject(tx, linked, clientId, project.id, now);
      await recordAuditEntry(tx, actor, {
        action: "client.link-booking",
        entityType: "booking",
        entityId: linked.id,
        summary: `Linked a discovery call to project ${project.projectNumber}`,
        details: { clientId, projectId: project.id, consultationId },
      });
      return { projectNumber: project.projectNumber };
    }
    const [existing] = await tx
      .select({ id: consultationBookings.id })
      .from(consultationBookings)
      .where(and(eq(consultationBookings.id, bookingId), ownBooking));
    if (!existing) throw callOrProjectGone();
    throw new Refusal("This discovery call is already linked to a project.", { status: 409, title });
  });
}
