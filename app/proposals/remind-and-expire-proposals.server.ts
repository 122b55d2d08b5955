import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { addDaysToDate } from "~/availability/slot-time";
import { db } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { dayIn, formatDay } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { OPEN_PROPOSAL_STATUSES } from "./proposal-options";
import { appendProposalEvent, NO_ORIGIN } from "./proposal-events.server";
import { proposalLink } from "./proposal-link.server";
import { currentVersionOf, lockProposal } from "./proposal-records.server";
import { proposals } from "./schema";

/** The reminders due by `today` of a proposal sent on `sentDay`: one per day of the schedule that has come. */
export function remindersDue(sentDay: string, reminderDays: readonly number[], today: string): number[] {
  return reminderDays.filter((days) => addDaysToDate(sentDay, days) <= today);
}

/**
 * The worker's pass: an open proposal past its expiry date expires; an open one is reminded on the
 * agency's schedule (each reminder once, keyed in the outbox). Signed and declined ones are neither.
 */
export async function remindAndExpireProposals({ now = new Date() }: { now?: Date } = {}): Promise<{ reminded: number; expired: number }> {
  const settings = await getOrganizationSettings();
  const today = dayIn(now, settings.timezone);
  const open = await db().select().from(proposals).where(and(inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]), isNotNull(proposals.sentAt)));
  let reminded = 0;
  let expired = 0;
  for (const candidate of open) {
    await db().transaction(async (tx) => {
      const proposal = await lockProposal(tx, candidate.id);
      if (!OPEN_PROPOSAL_STATUSES.includes(proposal.status) || !proposal.sentAt) return;
      const version = await currentVersionOf(tx, proposal.id);
      if (proposal.expiresOn && proposal.expiresOn < today) {
        await tx.update(proposals).set({ status: "expired", updatedAt: now }).where(eq(proposals.id, proposal.id));
        await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version?.id ?? null, kind: "expired", at: now, origin: NO_ORIGIN, details: { expiresOn: proposal.expiresOn } });
        expired += 1;
        return;
      }
      if (!version) return;
      for (const days of remindersDue(dayIn(proposal.sentAt, settings.timezone), proposal.reminderDays, today)) {
        const queued = await enqueueTemplatedEmail(tx, {
          templateKey: "proposal_reminder",
          to: proposal.recipientEmail,
          toName: proposal.recipientName,
          emailType: "proposal_reminder",
          leadId: proposal.leadId,
          metadata: { proposalId: proposal.id, days },
          dedupeKey: `proposal-reminder:${version.id}:${days}`,
          variables: {
            FirstName: firstName(proposal.recipientName),
            ProposalTitle: proposal.title,
            ProposalLink: proposalLink(version.token),
            ExpiryDate: proposal.expiresOn ? formatDay(proposal.expiresOn) : "further notice",
            CompanyName: settings.companyName ?? "Our studio",
          },
        });
        if (!queued) continue;
        await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version.id, kind: "reminded", at: now, origin: NO_ORIGIN, details: { days } });
        reminded += 1;
      }
    });
  }
  return { reminded, expired };
}

