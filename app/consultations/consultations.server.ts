import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditActions } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound } from "~/refusal/refusal";
import { keysetPage, type KeysetPage, type KeysetPageRequest } from "~/lists/keyset-page.server";
import type { SortDirection } from "~/lists/list-view";
import { searchCondition } from "~/lists/search-condition.server";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { countBookings, listBookings, listInvitableLeads, type BookingListRow } from "./booking-lists.server";
import type { ConsultationUpdate } from "./consultation-forms";
import type { ConsultationListView } from "./consultation-list-view";
import { overviewQuery, overviewTiles, type OverviewTiles } from "./consultations-overview";
import { consultations, type Consultation, type ConsultationStatus } from "./schema";

export const CONSULTATIONS_PAGE_SIZE = 25;

export type ConsultationListRow = Consultation & {
  client: { id: string; name: string; email: string };
  project: { id: string; name: string | null; projectNumber: string } | null;
};

type ConsultationFilters = { search: string; status: ConsultationStatus | null };

function consultationCondition(filters: ConsultationFilters): SQL | undefined {
  return and(searchCondition(filters.search, [clients.name, clients.email]), filters.status ? eq(consultations.status, filters.status) : undefined);
}

/** The day a consultation is ordered by: one without a date sorts as the earliest. */
const UNDATED = "0001-01-01";
const scheduledDay = sql`coalesce(${consultations.scheduledDate}, ${UNDATED}::date)`;

/** A page of consultations with their client and project, by scheduled date (latest first unless asked otherwise), by keyset. */
export async function listConsultations(
  filters: ConsultationFilters,
  page: Partial<KeysetPageRequest> & { direction?: SortDirection } = {},
): Promise<KeysetPage<ConsultationListRow>> {
  return keysetPage(
    { after: page.after, before: page.before, size: page.size ?? CONSULTATIONS_PAGE_SIZE },
    { by: scheduledDay, tieBreaker: consultations.id, direction: page.direction ?? "desc", valueKind: "date" },
    async ({ beyond, orderBy, limit }) => {
      const rows = await db()
        .select({
          consultation: consultations,
          client: { id: clients.id, name: clients.name, email: clients.email },
          project: { id: projects.id, name: projects.name, projectNumber: projects.projectNumber },
        })
        .from(consultations)
        .innerJoin(clients, eq(clients.id, consultations.clientId))
        .leftJoin(projects, eq(projects.id, consultations.projectId))
        .where(and(consultationCondition(filters), beyond))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({ ...row.consultation, client: row.client, project: row.project }));
    },
    (row) => ({ value: row.scheduledDate ?? UNDATED, id: row.id }),
  );
}

/** How many consultations a filter finds: all, completed and scheduled. */
async function countConsultations(filters: ConsultationFilters): Promise<{ total: number; completed: number; scheduled: number }> {
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${consultations.status} = 'completed')::int`,
      scheduled: sql<number>`count(*) filter (where ${consultations.status} = 'scheduled')::int`,
    })
    .from(consultations)
    .innerJoin(clients, eq(clients.id, consultations.clientId))
    .where(consultationCondition(filters));
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0), scheduled: Number(row?.scheduled ?? 0) };
}

/** A change to a consultation: one of its declared actions, with its details less the client's id (added here). */
type ConsultationChange = {
  [Action in ConsultationAuditAction]: { action: Action; summary: string; details: Omit<AuditActions[Action], "clientId"> };
}[ConsultationAuditAction];
type ConsultationAuditAction = "consultation.update-consultation" | "consultation.delete-consultation" | "client.add-consultation" | "client.update-consultation" | "client.delete-consultation" | "client.notify-consultation";

/** The audit entry of an admin's change to a consultation, in its transaction: `{domain}.{intent}` about the consultation. */
export async function recordConsultationChange(
  tx: DatabaseExecutor,
  actor: Actor,
  consultation: Pick<Consultation, "id" | "clientId">,
  change: ConsultationChange,
): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: change.action,
    entityType: "consultation",
    entityId: consultation.id,
    summary: change.summary,
    details: { clientId: consultation.clientId, ...change.details },
  });
}

/** 'Edit Consultation' on the Consultations & Bookings page. */
export async function updateConsultation(actor: Actor, id: string, update: ConsultationUpdate): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ status: consultations.status }).from(consultations).where(eq(consultations.id, id)).for("update");
    if (!before) throw notFound("Consultation not found");
    const [updated] = await tx
      .update(consultations)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(consultations.id, id))
      .returning();
    if (!updated) throw notFound("Consultation not found");
    await recordConsultationChange(tx, actor, updated, {
      action: "consultation.update-consultation",
      summary: before.status === updated.status ? "Updated a consultation" : `Updated a consultation, status ${before.status} to ${updated.status}`,
      details: { status: { from: before.status, to: updated.status }, scheduledDate: updated.scheduledDate },
    });
  });
}

export async function deleteConsultation(actor: Actor, id: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [deleted] = await tx.delete(consultations).where(eq(consultations.id, id)).returning();
    if (!deleted) throw notFound("Consultation not found");
    await recordConsultationChange(tx, actor, deleted, { action: "consultation.delete-consultation", summary: "Deleted a consultation", details: { status: deleted.status } });
  });
}

export type ConsultationsOverview = {
  tiles: OverviewTiles;
  timeZone: string;
} & (
  | { tab: "scheduled"; consultations: KeysetPage<ConsultationListRow> }
  | { tab: "invitations"; invitations: KeysetPage<BookingListRow>; invitableLeads: { id: string; name: string; email: string }[] }
);

/**
 * The Consultations & Bookings page: its tiles over both kinds of record the filter shows
 * (consultations-overview.ts), and a page of the open tab's list (the other tab's list is read when opened).
 */
export async function consultationsOverview(view: ConsultationListView, page: Partial<KeysetPageRequest>, now = new Date()): Promise<ConsultationsOverview> {
  const settings = await getOrganizationSettings();
  const query = overviewQuery(view.status);
  const none = { total: 0, completed: 0, scheduled: 0, upcoming: 0 };
  const [consultationCounts, bookingCounts] = await Promise.all([
    query.consultations === false ? none : countConsultations({ search: view.q, status: query.consultations }),
    query.bookings === false ? none : countBookings({ filters: { search: view.q, status: query.bookings }, timeZone: settings.timezone, now }),
  ]);
  const tiles = overviewTiles(consultationCounts, bookingCounts);
  const empty = { rows: [], nextCursor: null, previousCursor: null };
  if (view.tab === "scheduled") {
    const list = query.consultations === false ? empty : await listConsultations({ search: view.q, status: query.consultations }, { ...page, direction: view.sort.direction });
    return { tab: "scheduled", consultations: list, tiles, timeZone: settings.timezone };
  }
  const [invitations, invitableLeads] = await Promise.all([
    query.bookings === false ? empty : listBookings({ filters: { search: view.q, status: query.bookings }, timeZone: settings.timezone, page }),
    listInvitableLeads(),
  ]);
  return { tab: "invitations", invitations, invitableLeads, tiles, timeZone: settings.timezone };
}
