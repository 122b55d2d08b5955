import { and, count, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { keysetPage } from "~/lists/keyset-page.server";
import { PROPOSAL_STATUSES, type ProposalStatus } from "./proposal-options";
import type { ProposalListView } from "./proposal-list-view";
import { proposals } from "./schema";

export type ProposalListRow = { id: string; title: string; recipientName: string; status: ProposalStatus; expiresOn: string | null; sentAt: Date | null; createdAt: Date };

const PROPOSALS_PAGE_SIZE = 25;

/** /admin/proposals: one page of the proposals of the view's status (or all) by keyset (created_at, id). */
export async function listProposals(query: { view: ProposalListView; after?: string | null; before?: string | null }) {
  const page = await keysetPage(
    { after: query.after, before: query.before, size: PROPOSALS_PAGE_SIZE },
    { by: proposals.createdAt, tieBreaker: proposals.id, direction: query.view.sort.direction, valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({ id: proposals.id, title: proposals.title, recipientName: proposals.recipientName, status: proposals.status, expiresOn: proposals.expiresOn, sentAt: proposals.sentAt, createdAt: proposals.createdAt })
        .from(proposals)
        .where(and(query.view.status ? eq(proposals.status, query.view.status) : undefined, beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.createdAt.toISOString(), id: row.id }),
  );
  return { rows: page.rows satisfies ProposalListRow[], nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** How many proposals each status holds, and all of them: the list's tiles. */
export async function proposalCounts(): Promise<Record<ProposalStatus | "all", number>> {
  const grouped = await db().select({ status: proposals.status, total: count() }).from(proposals).groupBy(proposals.status);
  const counts = Object.fromEntries([["all", 0], ...PROPOSAL_STATUSES.map((name) => [name, 0])]) as Record<ProposalStatus | "all", number>;
  for (const group of grouped) {
    counts[group.status] = Number(group.total);
    counts.all += Number(group.total);
  }
  return counts;
}
