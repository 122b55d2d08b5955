import { and, desc, eq, inArray, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, queryRows } from "~/db/connection.server";
import { keysetPage, type KeysetOrder, pageRequest } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import type { LeadListView, LeadSortKey } from "./lead-list-view";
import { PROMO_TAG, type LeadStatus } from "./lead-options";
import type { NewLeadInput } from "./lead-forms";
import { recordLeadEvent } from "./lead-timeline.server";
import { leads, type Lead } from "./schema";
import { isRecordId } from "~/forms/record-id";
import { notFound, Refusal } from "~/refusal/refusal";
import { publish } from "~/events/domain-events";

export const LEADS_PAGE_SIZE = 25;

export type LeadListQuery = {
  view: LeadListView;
  after?: string | null;
  before?: string | null;
  pageSize?: number;
};

/**
 * What a row of the leads list shows and offers (its columns, its menu, the actions other domains
 * put there): the list answers only these, not the message, tags and keys a row never shows.
 */
const LEAD_ROW_COLUMNS = {
  id: leads.id,
  createdAt: leads.createdAt,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  tier: leads.tier,
  source: leads.source,
  status: leads.status,
  promoCode: leads.promoCode,
  promoStatus: leads.promoStatus,
  promoExpiresAt: leads.promoExpiresAt,
  bookingStatus: leads.bookingStatus,
};

export type LeadRow = Pick<Lead, keyof typeof LEAD_ROW_COLUMNS>;

export type LeadListPage<Row extends LeadRow = LeadRow> = {
  leads: Row[];
  /** Cursor for the next page, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for the previous page, or null on the first page. */
  previousCursor: string | null;
};

/** The WHERE of a view (search and filters), shared by the list, the export and the bench. */
export function leadViewCondition(view: Pick<LeadListView, "q" | "status" | "tier" | "source">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  conditions.push(searchCondition(view.q, [leads.name, leads.email, leads.promoCode]));
  if (view.status) conditions.push(eq(leads.status, view.status));
  if (view.tier) conditions.push(eq(leads.tier, view.tier));
  if (view.source) conditions.push(eq(leads.source, view.source));
  return and(...conditions);
}

const SORT_COLUMNS: Record<LeadSortKey, { by: AnyColumn; valueKind: KeysetOrder["valueKind"]; value(lead: LeadRow): string }> = {
  created: { by: leads.createdAt, valueKind: "time", value: (lead) => lead.createdAt.toISOString() },
  name: { by: leads.name, valueKind: "text", value: (lead) => lead.name },
  email: { by: leads.email, valueKind: "text", value: (lead) => lead.email },
};

type LeadPageRead<Row> = (query: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>;

/**
 * One page of a view, by keyset: a page is found from the row it follows,
 * so page 1000 costs what page 1 costs.
 */
async function pageOfLeads<Row extends LeadRow>(query: LeadListQuery, read: LeadPageRead<Row>): Promise<LeadListPage<Row>> {
  const { view } = query;
  const sort = SORT_COLUMNS[view.sort.key];
  const page = await keysetPage(
    pageRequest(query, LEADS_PAGE_SIZE),
    { by: sort.by, tieBreaker: leads.id, direction: view.sort.direction, valueKind: sort.valueKind },
    ({ beyond, orderBy, limit }) => read({ where: and(leadViewCondition(view), beyond), orderBy, limit }),
    (lead) => ({ value: sort.value(lead), id: lead.id }),
  );
  return { leads: page.rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** One page of the leads list: the fields its rows show. */
export function listLeads(query: LeadListQuery): Promise<LeadListPage> {
  return pageOfLeads(query, ({ where, orderBy, limit }) =>
    db().select(LEAD_ROW_COLUMNS).from(leads).where(where).orderBy(...orderBy).limit(limit),
  );
}

/** Every lead of a view in the view's order, whole, a batch at a time (the CSV export). */
export async function* leadsInViewBatches(view: LeadListView, batchSize = 1000): AsyncGenerator<Lead[]> {
  let after: string | null = null;
  for (;;) {
    const page: LeadListPage<Lead> = await pageOfLeads({ view, after, pageSize: batchSize }, ({ where, orderBy, limit }) =>
      db().select().from(leads).where(where).orderBy(...orderBy).limit(limit),
    );
    if (page.leads.length > 0) yield page.leads;
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}

/** Exact up to this many; above it the planner's estimate (see docs/decisions on lead counts). */
export const EXACT_COUNT_LIMIT = 10_000;

export type LeadCount = { value: number; estimated: boolean };

/**
 * Counts exactly while counting is cheap (at most EXACT_COUNT_LIMIT rows read
 * through an index), else asks the planner: on a million leads an exact
 * count(*) costs a scan, an estimate costs nothing and is within a few percent.
 * All capped counts go in one statement; the estimates (only for counts over
 * the cap) run side by side. Conditions are fixed SQL of this module, never user input.
 */
async function cappedCounts<Key extends string>(conditions: Record<Key, string>): Promise<Record<Key, LeadCount>> {
  const keys = Object.keys(conditions) as Key[];
  const where = (key: Key) => (conditions[key] ? `where ${conditions[key]}` : "");
  const columns = keys.map(
    (key, index) => `(select count(*)::int from (select 1 from leads ${where(key)} limit ${EXACT_COUNT_LIMIT + 1}) as capped) as c${index}`,
  );
  const [row] = await queryRows<Record<string, number>>(db(), sql.raw(`select ${columns.join(", ")}`));
  const counts = {} as Record<Key, LeadCount>;
  await Promise.all(
    keys.map(async (key, index) => {
      const count = row?.[`c${index}`] ?? 0;
      if (count <= EXACT_COUNT_LIMIT) {
        counts[key] = { value: count, estimated: false };
        return;
      }
      const [plan] = await queryRows<{ "QUERY PLAN": unknown }>(db(), sql.raw(`explain (format json) select 1 from leads ${where(key)}`));
      const parsed = plan?.["QUERY PLAN"];
      const root = (Array.isArray(parsed) ? parsed : typeof parsed === "string" ? (JSON.parse(parsed) as unknown[]) : [])[0] as
        | { Plan?: { "Plan Rows"?: number } }
        | undefined;
      const estimate = root?.Plan?.["Plan Rows"] ?? count;
      counts[key] = { value: Math.max(Math.round(estimate), count), estimated: true };
    }),
  );
  return counts;
}

/** The same expressions as the partial indexes in schema.ts, so the planner uses them. */
export const WEBSITE_PROMO_CONDITION = `tags @> ARRAY['${PROMO_TAG}']::text[]`;

export type LeadStats = { total: LeadCount; websitePromos: LeadCount; activePromos: LeadCount; converted: LeadCount };

export async function leadStats(now = new Date()): Promise<LeadStats> {
  return cappedCounts({
    total: "",
    websitePromos: WEBSITE_PROMO_CONDITION,
    activePromos: `promo_status = 'active' and promo_expires_at > '${now.toISOString()}'::timestamptz`,
    converted: `status = 'converted'`,
  });
}

export async function countLeads(): Promise<number> {
  return (await cappedCounts({ total: "" })).total.value;
}

export async function findLead(id: string): Promise<Lead | undefined> {
  if (!isRecordId(id)) return undefined;
  const [lead] = await db().select().from(leads).where(eq(leads.id, id));
  return lead;
}

/** Other leads sent from the same address (case-insensitive), newest first. */
export async function leadsWithSameEmail(lead: Pick<Lead, "id" | "email">): Promise<Lead[]> {
  return db()
    .select()
    .from(leads)
    .where(and(sql`lower(${leads.email}) = lower(${lead.email})`, ne(leads.id, lead.id)))
    .orderBy(desc(leads.createdAt))
    .limit(20);
}

/** 'Add Lead': source manual, status new. */
export async function addLead(actor: Actor, input: NewLeadInput): Promise<Lead> {
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({ ...input, source: "manual", status: "new" })
      .returning();
    if (!lead) throw new Error("The lead was not saved");
    await recordLeadEvent(tx, { leadId: lead.id, event: "form_submitted", data: { source: "manual" }, actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, { action: "lead.add-lead", entityType: "lead", entityId: lead.id, summary: "Added a lead" });
    return lead;
  });
}

/** A no-op change records nothing; a lead that is gone is refused. */
export async function changeLeadStatus(actor: Actor, leadId: string, status: LeadStatus): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!current) throw new Refusal("Failed to update status", { status: 404 });
    if (current.status === status) return;
    await tx.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, leadId));
    await recordLeadEvent(tx, { leadId, event: "status_changed", data: { from: current.status, to: status }, actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, {
      action: "lead.change-status",
      entityType: "lead",
      entityId: leadId,
      summary: `Changed a lead's status from ${current.status} to ${status}`,
      details: { from: current.status, to: status },
    });
  });
}

/**
 * Deletes leads and, through their foreign keys, what belongs only to them:
 * timeline (cascade), booking invitations (consultation_bookings cascade).
 * Clients, e-mail logs and the outbox keep their rows with lead_id set null.
 */
export async function deleteLeads(actor: Actor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db().transaction(async (tx) => {
    // What points at them lets go first (their bookings' slots open again, decision 048).
    await publish(tx, "leads.deleting", { leadIds: ids });
    const deleted = await tx.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id });
    if (deleted.length > 0) {
      const [only] = deleted;
      await recordAuditEntry(tx, actor, {
        action: "lead.delete-leads",
        entityType: "lead",
        entityId: deleted.length === 1 && only ? only.id : null,
        summary: deleted.length === 1 ? "Deleted a lead" : `Deleted ${deleted.length} leads`,
        details: { ids: deleted.map((row) => row.id) },
      });
    }
    return deleted.length;
  });
}

export async function addLeadNote(actor: Actor, leadId: string, text: string): Promise<void> {
  const lead = await findLead(leadId);
  if (!lead) throw notFound("Lead not found");
  await db().transaction(async (tx) => {
    await recordLeadEvent(tx, { leadId, event: "note_added", data: { text }, actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, { action: "lead.add-note", entityType: "lead", entityId: leadId, summary: "Added a note to a lead" });
  });
}
