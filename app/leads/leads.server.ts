import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { releaseSlotsOfLeads } from "~/availability/availability.server";
import { db, queryRows } from "~/db/connection.server";
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from "~/ui/data-table-params";
import type { LeadListView, LeadSortKey } from "./lead-list-view";
import { PROMO_TAG, type LeadStatus } from "./lead-options";
import type { NewLeadInput } from "./lead-forms";
import { recordLeadEvent } from "./lead-timeline.server";
import { leads, type Lead } from "./schema";
import { notFound, Refusal } from "~/forms/refusal";

export const LEADS_PAGE_SIZE = 25;

export type LeadListQuery = {
  view: LeadListView;
  after?: string | null;
  before?: string | null;
  pageSize?: number;
};

export type LeadListPage = {
  leads: Lead[];
  /** Cursor for the next page, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for the previous page, or null on the first page. */
  previousCursor: string | null;
};

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE of a view (search and filters), shared by the list, the export and the bench. */
export function leadViewCondition(view: Pick<LeadListView, "search" | "status" | "tier" | "source">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (view.search) {
    const pattern = containsPattern(view.search);
    conditions.push(or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.promoCode, pattern)));
  }
  if (view.status) conditions.push(eq(leads.status, view.status));
  if (view.tier) conditions.push(eq(leads.tier, view.tier));
  if (view.source) conditions.push(eq(leads.source, view.source));
  return and(...conditions);
}

const SORT_COLUMNS: Record<LeadSortKey, AnyColumn> = {
  created: leads.createdAt,
  name: leads.name,
  email: leads.email,
};

function sortValue(lead: Lead, key: LeadSortKey): string {
  return key === "created" ? lead.createdAt.toISOString() : key === "name" ? lead.name : lead.email;
}

/** Rows strictly beyond the boundary row in the given direction: `(col, id) > / < (value, id)`. */
function keysetCondition(key: LeadSortKey, cursor: KeysetCursor, towards: "asc" | "desc"): SQL {
  const column = SORT_COLUMNS[key];
  const value = key === "created" ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}`;
  return towards === "desc"
    ? sql`(${column}, ${leads.id}) < (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, ${leads.id}) > (${value}, ${cursor.id}::uuid)`;
}

function flip(direction: "asc" | "desc"): "asc" | "desc" {
  return direction === "asc" ? "desc" : "asc";
}

/**
 * One page of a view, by keyset: a page is found from the row it follows,
 * so page 1000 costs what page 1 costs.
 */
export async function listLeads(query: LeadListQuery): Promise<LeadListPage> {
  const { view } = query;
  const pageSize = query.pageSize ?? LEADS_PAGE_SIZE;
  const after = decodeKeysetCursor(query.after);
  const before = after ? null : decodeKeysetCursor(query.before);
  const { key, direction } = view.sort;
  // Going back, read the rows before the boundary in the opposite order, then turn them round.
  const readDirection = before ? flip(direction) : direction;
  const boundary = after ?? before;
  const conditions = [leadViewCondition(view), boundary ? keysetCondition(key, boundary, readDirection) : undefined];
  const order = readDirection === "desc" ? desc : asc;
  const rows = await db()
    .select()
    .from(leads)
    .where(and(...conditions))
    .orderBy(order(SORT_COLUMNS[key]), order(leads.id))
    .limit(pageSize + 1);

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const cursorOf = (lead: Lead) => encodeKeysetCursor({ value: sortValue(lead, key), id: lead.id });
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    leads: page,
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
}

/** Every lead of a view in the view's order, a batch at a time (the CSV export). */
export async function* leadsInViewBatches(view: LeadListView, batchSize = 1000): AsyncGenerator<Lead[]> {
  let after: string | null = null;
  for (;;) {
    const page = await listLeads({ view, after, pageSize: batchSize });
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
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
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
export async function addLead(input: NewLeadInput, actorUserId: string): Promise<Lead> {
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({ ...input, source: "manual", status: "new" })
      .returning();
    if (!lead) throw new Error("The lead was not saved");
    await recordLeadEvent(tx, { leadId: lead.id, event: "form_submitted", data: { source: "manual" }, actorUserId });
    return lead;
  });
}

/** A no-op change records nothing; a lead that is gone is refused. */
export async function changeLeadStatus(leadId: string, status: LeadStatus, actorUserId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!current) throw new Refusal("Failed to update status", { status: 404 });
    if (current.status === status) return;
    await tx.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, leadId));
    await recordLeadEvent(tx, { leadId, event: "status_changed", data: { from: current.status, to: status }, actorUserId });
  });
}

/**
 * Deletes leads and, through their foreign keys, what belongs only to them:
 * timeline (cascade), booking invitations (consultation_bookings cascade).
 * Clients, e-mail logs and the outbox keep their rows with lead_id set null.
 */
export async function deleteLeads(ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db().transaction(async (tx) => {
    // Their booked slots open again: the cascade removes the bookings, not the slots' 'booked' status.
    await releaseSlotsOfLeads(tx, ids);
    const deleted = await tx.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id });
    return deleted.length;
  });
}

export async function addLeadNote(leadId: string, text: string, actorUserId: string): Promise<void> {
  const lead = await findLead(leadId);
  if (!lead) throw notFound("Lead not found");
  await recordLeadEvent(db(), { leadId, event: "note_added", data: { text }, actorUserId });
}
