import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { projects } from "~/projects/schema";
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
  await db()
    .update(consultations)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(consultations.id, id));
}

export async function deleteConsultation(id: string): Promise<void> {
  await db().delete(consultations).where(eq(consultations.id, id));
}
