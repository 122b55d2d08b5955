import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { projects } from "~/projects/schema";
import { consultationBookings } from "./schema";

/** What a linked discovery call's admin notes say (spec 001 §4: "Linked to project"). */
export const LINKED_TO_PROJECT_NOTE = "Linked to project";

const title = "Failed to link booking to project";
const callOrProjectGone = () => notFound("The call or the project no longer exists.", { title });

/**
 * Links a client's discovery call (a booking of the lead the client came from) to one of the
 * client's projects, once: a conditional update, so a second link — a double click, two admins —
 * changes nothing (refused: already linked). The admin notes keep what they said and gain
 * "Linked to project PRJ-…". Answers the project's number. Its audit entry is the client page's
 * action (`client.link-booking`), about the booking.
 */
export async function linkDiscoveryCallToProject(
  actor: Actor,
  clientId: string,
  bookingId: string,
  projectId: string,
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
      .returning({ id: consultationBookings.id });
    if (linked) {
      await recordAuditEntry(tx, actor, {
        action: "client.link-booking",
        entityType: "booking",
        entityId: linked.id,
        summary: `Linked a discovery call to project ${project.projectNumber}`,
        details: { clientId, projectId: project.id },
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
