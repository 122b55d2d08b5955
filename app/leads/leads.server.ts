import { and, desc, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { decodeCursor, encodeCursor } from "./lead-list-cursor";
import { leads, type Lead } from "./schema";

export const LEADS_PAGE_SIZE = 25;

export type LeadListQuery = {
  search?: string;
  after?: string | null;
  before?: string | null;
  pageSize?: number;
};

export type LeadListPage = {
  leads: Lead[];
  /** Cursor for the next (older) page, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for the previous (newer) page, or null on the first page. */
  previousCursor: string | null;
};

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.promoCode, pattern));
}

/**
 * Leads newest first, by keyset: a page is found from the row it follows, so
 * page 1000 costs what page 1 costs.
 */
export async function listLeads(query: LeadListQuery): Promise<LeadListPage> {
  const pageSize = query.pageSize ?? LEADS_PAGE_SIZE;
  const after = decodeCursor(query.after);
  const before = after ? null : decodeCursor(query.before);
  const filters = [searchCondition(query.search)];
  if (after) {
    filters.push(sql`(${leads.createdAt}, ${leads.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  } else if (before) {
    filters.push(sql`(${leads.createdAt}, ${leads.id}) > (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
  }
  const order = before ? [asc(leads.createdAt), asc(leads.id)] : [desc(leads.createdAt), desc(leads.id)];
  const rows = await db()
    .select()
    .from(leads)
    .where(and(...filters))
    .orderBy(...order)
    .limit(pageSize + 1);

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const cursorOf = (lead: Lead) => encodeCursor({ createdAt: lead.createdAt.toISOString(), id: lead.id });

  // Going forward, a newer page exists if we came from one; going back, an older one does.
  const hasNewer = before ? hasMore : Boolean(after);
  const hasOlder = before ? true : hasMore;
  return {
    leads: page,
    nextCursor: hasOlder && last ? cursorOf(last) : null,
    previousCursor: hasNewer && first ? cursorOf(first) : null,
  };
}

export async function countLeads(): Promise<number> {
  const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(leads);
  return row?.count ?? 0;
}

export async function findLead(id: string): Promise<Lead | undefined> {
  const [lead] = await db().select().from(leads).where(eq(leads.id, id));
  return lead;
}
