import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { notFound } from "~/forms/refusal";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/settings/settings.server";
import { listBookings, listInvitableLeads } from "./bookings.server";
import { overviewQuery, overviewTiles, type ConsultationFilter } from "./consultations-overview";
import { consultations, type ConsultationStatus } from "./schema";

/** Consultations with their client and project, newest scheduled date first (spec: Consultations & Bookings). */
export async function listConsultations(filters: { search?: string | null; status?: string | null } = {}) {
  const conditions: (SQL | undefined)[] = [];
  const term = filters.search?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.email, pattern)));
  }
  if (filters.status && ["scheduled", "completed", "cancelled", "rescheduled"].includes(filters.status)) {
    conditions.push(eq(consultations.status, filters.status as ConsultationStatus));
  }
  const rows = await db()
    .select({
      consultation: consultations,
      client: { id: clients.id, name: clients.name, email: clients.email },
      project: { id: projects.id, name: projects.name, projectNumber: projects.projectNumber },
    })
    .from(consultations)
    .innerJoin(clients, eq(clients.id, consultations.clientId))
    .leftJoin(projects, eq(projects.id, consultations.projectId))
    .where(and(...conditions))
    .orderBy(desc(consultations.scheduledDate), desc(consultations.createdAt))
    .limit(500);
  return rows.map((row) => ({ ...row.consultation, client: row.client, project: row.project }));
}

export type ConsultationUpdate = {
  status: ConsultationStatus;
  scheduledDate: string | null;
  scheduledStartTime: string | null;
  scheduledEndTime: string | null;
  meetingLink: string | null;
  notes: string | null;
};

export async function updateConsultation(id: string, update: ConsultationUpdate): Promise<void> {
  const updated = await db()
    .update(consultations)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(consultations.id, id))
    .returning({ id: consultations.id });
  if (updated.length === 0) throw notFound("Consultation not found");
}

export async function deleteConsultation(id: string): Promise<void> {
  const deleted = await db().delete(consultations).where(eq(consultations.id, id)).returning({ id: consultations.id });
  if (deleted.length === 0) throw notFound("Consultation not found");
}

/**
 * The Consultations & Bookings overview: the consultations and the invitations (bookings) the
 * status filter shows (consultations-overview.ts), its tiles, and the leads who can be invited.
 */
export async function consultationsOverview(filters: { search: string; status: ConsultationFilter }, now = new Date()) {
  const settings = await getOrganizationSettings();
  const query = overviewQuery(filters.status);
  const [consultationRows, bookings, invitableLeads] = await Promise.all([
    query.consultations === false ? [] : listConsultations({ search: filters.search, status: query.consultations }),
    query.bookings === false ? [] : listBookings({ search: filters.search, status: query.bookings }, settings.timezone),
    listInvitableLeads(),
  ]);
  return { consultations: consultationRows, bookings, invitableLeads, timeZone: settings.timezone, tiles: overviewTiles(consultationRows, bookings, now) };
}
