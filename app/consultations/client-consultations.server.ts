import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { formatClockTime, formatDay, formatLongDate } from "~/formatting/dates";
import { localToInstant } from "~/availability/slot-time";
import { notFound } from "~/refusal/refusal";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { ClientConsultationInput } from "./client-consultation-form";
import { recordConsultationChange } from "./consultations.server";
import { lastVisitorZoneOfClient } from "./client-time-zone.server";
import { consultations, type Consultation } from "./schema";

// Consultations as the client detail page manages them (spec 001 "Client detail": added, edited,
// deleted and notified by e-mail). Every call names the client, so a consultation of another
// client is never touched from this page. Each writes its audit entry as the page's action
// (`client.{intent}`), about the consultation, in its transaction.

// A consultation gone meanwhile is refused (404) under the spec's failure title.
const consultationGone = (title: string) => notFound("This consultation no longer exists.", { title });

/** The consultation's project: one of the client's; one gone meanwhile fails the link ('Failed to link project'). */
async function projectOfClient(tx: DatabaseExecutor, clientId: string, projectId: string | null): Promise<string | null> {
  if (!projectId) return null;
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
  if (!project) throw notFound("This project no longer exists.", { title: "Failed to link project" });
  return project.id;
}

/** What a client consultation's audit entries keep of it. */
export type ConsultationDetails = ReturnType<typeof consultationDetails>;

const consultationDetails = (consultation: Consultation) => ({
  consultType: consultation.consultType,
  status: consultation.status,
  scheduledDate: consultation.scheduledDate,
  projectId: consultation.projectId,
});

export async function addClientConsultation(actor: Actor, clientId: string, input: ClientConsultationInput): Promise<Consultation> {
  return db().transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw notFound("This client no longer exists.", { title: "Failed to add consultation" });
    const projectId = await projectOfClient(tx, clientId, input.projectId);
    const [consultation] = await tx
      .insert(consultations)
      .values({ ...input, projectId, clientId })
      .returning();
    if (!consultation) throw new Error("The consultation was not saved");
    await recordConsultationChange(tx, actor, consultation, {
      action: "client.add-consultation",
      summary: `Added a ${consultation.consultType} consultation to a client`,
      details: consultationDetails(consultation),
    });
    return consultation;
  });
}

export async function updateClientConsultation(
  actor: Actor,
  clientId: string,
  consultationId: string,
  input: ClientConsultationInput,
): Promise<Consultation> {
  const title = "Failed to update consultation";
  return db().transaction(async (tx) => {
    const projectId = await projectOfClient(tx, clientId, input.projectId);
    const [consultation] = await tx
      .update(consultations)
      .set({ ...input, projectId, updatedAt: sql`now()` })
      .where(and(eq(consultations.id, consultationId), eq(consultations.clientId, clientId)))
      .returning();
    if (!consultation) throw consultationGone(title);
    await recordConsultationChange(tx, actor, consultation, {
      action: "client.update-consultation",
      summary: "Updated a client's consultation",
      details: consultationDetails(consultation),
    });
    return consultation;
  });
}

export async function deleteClientConsultation(actor: Actor, clientId: string, consultationId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(consultations)
      .where(and(eq(consultations.id, consultationId), eq(consultations.clientId, clientId)))
      .returning();
    if (!deleted) throw consultationGone("Failed to delete consultation");
    await recordConsultationChange(tx, actor, deleted, { action: "client.delete-consultation", summary: "Deleted a client's consultation", details: consultationDetails(deleted) });
  });
}

/**
 * "Tuesday, November 24, 2026, 10:00–10:30 (America/New_York)": the stored business-local date and
 * times; in the client's own zone when it is known and another ("…, 9:00 am – 9:30 am (America/Chicago)"),
 * so the e-mail shows the clock time the portal shows them. Either way it names its zone.
 */
export function describeConsultationTime(
  consultation: Pick<Consultation, "scheduledDate" | "scheduledStartTime" | "scheduledEndTime">,
  timeZone: string,
  readerZone: string | null = null,
): string {
  if (!consultation.scheduledDate) return "to be scheduled";
  const start = consultation.scheduledStartTime?.slice(0, 5);
  const end = consultation.scheduledEndTime?.slice(0, 5);
  const startInstant = start ? localToInstant(consultation.scheduledDate, start, timeZone) : null;
  if (readerZone && readerZone !== timeZone && startInstant) {
    const endInstant = end ? localToInstant(consultation.scheduledDate, end, timeZone) : null;
    const times = `${formatClockTime(startInstant, readerZone)}${endInstant ? ` – ${formatClockTime(endInstant, readerZone)}` : ""}`;
    return `${formatLongDate(startInstant, readerZone)}, ${times} (${readerZone})`;
  }
  const day = formatDay(consultation.scheduledDate, "long");
  const times = start ? `, ${start}${end ? `–${end}` : ""}` : "";
  return `${day}${times} (${timeZone})`;
}

/** E-mails the client the consultation's details, through the outbox. */
export async function notifyClientOfConsultation(actor: Actor, clientId: string, consultationId: string): Promise<void> {
  const settings = await getOrganizationSettings();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ consultation: consultations, client: clients })
      .from(consultations)
      .innerJoin(clients, eq(clients.id, consultations.clientId))
      .where(and(eq(consultations.id, consultationId), eq(consultations.clientId, clientId)));
    if (!row) throw consultationGone("Failed to send notification email");
    const { consultation, client } = row;
    await enqueueTemplatedEmail(tx, {
      templateKey: "consultation_notification",
      to: client.email,
      toName: client.name,
      emailType: "consultation_notification",
      leadId: client.leadId,
      actorUserId: actor.userId,
      metadata: { clientId: client.id, consultationId: consultation.id },
      variables: {
        FirstName: client.name.split(/\s+/)[0] ?? client.name,
        CompanyName: settings.companyName ?? "Our studio",
        ConsultType: consultation.consultType === "initial" ? "initial" : "follow-up",
        When: describeConsultationTime(consultation, settings.timezone, await lastVisitorZoneOfClient(client, tx)),
        Status: consultation.status,
        MeetingLink: consultation.meetingLink ?? "we will send the meeting link before the call",
        Notes: consultation.notes ?? "",
      },
    });
    await recordConsultationChange(tx, actor, consultation, {
      action: "client.notify-consultation",
      summary: "E-mailed a client their consultation's details",
      details: { status: consultation.status, scheduledDate: consultation.scheduledDate },
    });
  });
}
