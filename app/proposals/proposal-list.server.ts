import { count, desc, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { PROPOSAL_STATUSES, type ProposalStatus } from "./proposal-options";
import { proposals } from "./schema";

export type ProposalListRow = { id: string; title: string; recipientName: string; status: ProposalStatus; expiresOn: string | null; sentAt: Date | null; createdAt: Date };

/** /admin/proposals: the proposals of one status (or all), newest first, and how many each status holds. */
export async function listProposals({ status }: { status: ProposalStatus | null }): Promise<{ rows: ProposalListRow[]; counts: Record<ProposalStatus | "all", number> }> {
  const [rows, grouped] = await Promise.all([
    db()
      .select({ id: proposals.id, title: proposals.title, recipientName: proposals.recipientName, status: proposals.status, expiresOn: proposals.expiresOn, sentAt: proposals.sentAt, createdAt: proposals.createdAt })
      .from(proposals)
      .where(status ? eq(proposals.status, status) : undefined)
      .orderBy(desc(proposals.createdAt))
      .limit(200),
    db().select({ status: proposals.status, total: count() }).from(proposals).groupBy(proposals.status),
  ]);
  const counts = Object.fromEntries([["all", 0], ...PROPOSAL_STATUSES.map((name) => [name, 0])]) as Record<ProposalStatus | "all", number>;
  for (const group of grouped) {
    counts[group.status] = Number(group.total);
    counts.all += Number(group.total);
  }
  return { rows, counts };
}
