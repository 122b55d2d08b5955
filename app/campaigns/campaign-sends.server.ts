import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueEmail } from "~/email/outbox.server";
import { emailOutbox, emailSuppressions, emailTemplates } from "~/email/schema";
import { isEmailSuppressed } from "~/email/suppression.server";
import { renderEmailTemplate } from "~/email/template-rendering";
import { notFound, Refusal } from "~/refusal/refusal";
import { leadViewCondition } from "~/leads/leads.server";
import { leadTemplateVariables, type LeadMailContext } from "~/leads/lead-email-variables";
import { leads, type Lead } from "~/leads/schema";
import { organizationSettings, packageTiers } from "~/organization/schema";
import { launchOfferText } from "~/organization/tier-catalog";
import type { CampaignSendInput } from "./campaign-forms";
import { campaigns, type Campaign } from "~/attribution/schema";
import { campaignSendRecipients, campaignSends, type CampaignSend, type CampaignSendSegment } from "./send-schema";

/**
 * 'Send campaign e-mail': a template to a segment of leads (the leads list's filters). Confirming
 * writes the send and one recipient row per lead of the segment at that moment (unique per send and
 * lead: each recipient once). The worker (`runCampaignSends`, a RecurringJob) then takes a batch of
 * waiting recipients per turn with FOR UPDATE SKIP LOCKED, so several processes share the work and
 * never take the same lead, and writes each one's e-mail into the outbox as marketing mail (a
 * suppressed address is skipped and counted). The outbox delivers at its own pace.
 */

/** Recipients enqueued per worker turn (the job runs every `CAMPAIGN_SEND_EVERY_MS`): a steady 120 a minute per process. */
export const CAMPAIGN_SEND_BATCH = 20;
export const CAMPAIGN_SEND_EVERY_MS = 10_000;

function segmentOf(input: CampaignSendInput): CampaignSendSegment {
  return { search: input.q, status: input.status, tier: input.tier, source: input.source };
}

function segmentCondition(segment: CampaignSendSegment) {
  return leadViewCondition({ q: segment.search, status: segment.status, tier: segment.tier, source: segment.source });
}

export type SegmentPreview = { recipients: number; suppressed: number };

/** How many leads the segment holds now, and how many of them take no marketing mail. */
export async function previewSegment(input: CampaignSendInput): Promise<SegmentPreview> {
  const [row] = await db()
    .select({
      recipients: count(),
      suppressed: sql<number>`count(${emailSuppressions.email})::int`,
    })
    .from(leads)
    .leftJoin(emailSuppressions, eq(emailSuppressions.email, sql`lower(trim(${leads.email}))`))
    .where(segmentCondition(segmentOf(input)));
  return { recipients: Number(row?.recipients ?? 0), suppressed: Number(row?.suppressed ?? 0) };
}

/** The templates a campaign can send, admin-made ones first. */
export async function listSendableTemplates() {
  return db()
    .select({ id: emailTemplates.id, name: emailTemplates.name, subject: emailTemplates.subject })
    .from(emailTemplates)
    .orderBy(sql`${emailTemplates.key} is not null`, asc(emailTemplates.name));
}

/** Confirms a send: the send and its recipients, written at once; the worker does the rest. */
export async function startCampaignSend(actor: Actor, campaignId: string, input: CampaignSendInput, now = new Date()): Promise<CampaignSend> {
  return db().transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) throw notFound("Campaign not found");
    const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, input.templateId));
    if (!template) throw new Refusal("This template no longer exists. Choose another.", { field: "templateId" });
    const segment = segmentOf(input);
    const [send] = await tx
      .insert(campaignSends)
      .values({ campaignId, templateId: template.id, templateName: template.name, segment, status: "queued", createdBy: actor.userId, createdAt: now })
      .returning();
    if (!send) throw new Error("The send was not saved");
    const inserted = await tx
      .insert(campaignSendRecipients)
      .select(
        tx
          .select({ id: sql<string>`gen_random_uuid()`.as("id"), sendId: sql<string>`${send.id}::uuid`.as("send_id"), leadId: leads.id, status: sql<"waiting">`'waiting'`.as("status"), outboxId: sql<string | null>`null::uuid`.as("outbox_id"), processedAt: sql<Date | null>`null::timestamptz`.as("processed_at") })
          .from(leads)
          .where(segmentCondition(segment)),
      )
      .onConflictDoNothing()
      .returning({ id: campaignSendRecipients.id });
    if (inserted.length === 0) throw new Refusal("No leads match this segment. Change the filters.");
    const [counted] = await tx.update(campaignSends).set({ recipientCount: inserted.length }).where(eq(campaignSends.id, send.id)).returning();
    await recordAuditEntry(tx, actor, {
      action: "campaign.send_started",
      entityType: "campaign",
      entityId: campaignId,
      summary: `Started a campaign e-mail to ${inserted.length} lead(s)`,
      // The segment's choices; whether a search narrowed it, not what was searched (it may be a name).
      details: { sendId: send.id, templateId: template.id, status: segment.status, tier: segment.tier, source: segment.source, searched: segment.search !== "", recipients: inserted.length },
    });
    return counted ?? send;
  });
}

type Claimed = { recipientId: string; sendId: string; lead: Lead | null; templateId: string | null; campaign: Campaign };

/** The variables a campaign template is filled with, for one lead: the lead's, with the campaign's own offer. */
function campaignVariables(lead: Lead, campaign: Campaign, context: LeadMailContext) {
  return { ...leadTemplateVariables(lead, context), Offer: campaign.offerTitle ?? context.offer };
}

/**
 * One turn of the worker: takes up to `batchSize` waiting recipients (skipping rows another process
 * holds) and writes each one's e-mail into the outbox, in one transaction; marks sends done once no
 * recipient waits. Returns how many recipients it handled.
 */
export async function runCampaignSends(batchSize = CAMPAIGN_SEND_BATCH, now = new Date()): Promise<number> {
  const handled = await db().transaction(async (tx) => {
    const rows = await tx
      .select({ recipient: campaignSendRecipients, send: campaignSends, campaign: campaigns, lead: leads })
      .from(campaignSendRecipients)
      .innerJoin(campaignSends, eq(campaignSends.id, campaignSendRecipients.sendId))
      .innerJoin(campaigns, eq(campaigns.id, campaignSends.campaignId))
      .leftJoin(leads, eq(leads.id, campaignSendRecipients.leadId))
      .where(eq(campaignSendRecipients.status, "waiting"))
      .orderBy(asc(campaignSends.createdAt), asc(campaignSendRecipients.id))
      .limit(batchSize)
      .for("update", { of: campaignSendRecipients, skipLocked: true });
    if (rows.length === 0) return 0;
    const claimed: Claimed[] = rows.map((row) => ({ recipientId: row.recipient.id, sendId: row.send.id, lead: row.lead, templateId: row.send.templateId, campaign: row.campaign }));
    await enqueueClaimed(tx, claimed, now);
    const sendIds = [...new Set(claimed.map((row) => row.sendId))];
    for (const sendId of sendIds) {
      await tx.update(campaignSends).set({ status: "sending" }).where(and(eq(campaignSends.id, sendId), eq(campaignSends.status, "queued")));
    }
    return claimed.length;
  });
  await finishSends(now);
  return handled;
}

async function enqueueClaimed(tx: DatabaseExecutor, claimed: Claimed[], now: Date): Promise<void> {
  const [settings] = await tx.select().from(organizationSettings).limit(1);
  const tiers = await tx.select().from(packageTiers);
  const context: LeadMailContext = {
    companyName: settings?.companyName ?? "our studio",
    offer: launchOfferText(tiers),
    timeZone: settings?.timezone ?? "America/New_York",
    tiers,
  };
  const templates = new Map<string, typeof emailTemplates.$inferSelect | null>();
  for (const row of claimed) {
    const templateId = row.templateId;
    if (templateId && !templates.has(templateId)) {
      const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
      templates.set(templateId, template ?? null);
    }
    const template = templateId ? templates.get(templateId) : null;
    const mark = (status: "queued" | "suppressed" | "skipped", outboxId: string | null = null) =>
      tx.update(campaignSendRecipients).set({ status, outboxId, processedAt: now }).where(eq(campaignSendRecipients.id, row.recipientId));
    if (!row.lead || !template) {
      await mark("skipped");
      continue;
    }
    if (await isEmailSuppressed(tx, row.lead.email)) {
      await mark("suppressed");
      continue;
    }
    const rendered = renderEmailTemplate(template, campaignVariables(row.lead, row.campaign, context));
    const queued = await enqueueEmail(tx, {
      to: row.lead.email,
      toName: row.lead.name,
      ...rendered,
      emailType: "campaign",
      category: "marketing",
      leadId: row.lead.id,
      metadata: { campaignId: row.campaign.id, campaignSendId: row.sendId },
      // Belt and braces with the recipient row: whatever happens, one e-mail per send and lead.
      dedupeKey: `campaign-send:${row.sendId}:${row.lead.id}`,
    });
    await mark("queued", queued?.id ?? null);
  }
}

/** Sends with no recipient waiting are done. */
async function finishSends(now: Date): Promise<void> {
  await db()
    .update(campaignSends)
    .set({ status: "done", finishedAt: now })
    .where(
      and(
        sql`${campaignSends.status} <> 'done'`,
        sql`not exists (select 1 from ${campaignSendRecipients} where ${campaignSendRecipients.sendId} = ${campaignSends.id} and ${campaignSendRecipients.status} = 'waiting')`,
      ),
    );
}

export type CampaignSendProgress = CampaignSend & { waiting: number; queued: number; sent: number; suppressed: number; failed: number; skipped: number };

/**
 * Each send of a campaign with where its recipients are: waiting or in the outbox (queued), sent
 * (or stored when no SMTP is configured), suppressed (by the send or by the outbox), failed, skipped.
 */
export async function listCampaignSends(campaignId: string): Promise<CampaignSendProgress[]> {
  const r = campaignSendRecipients;
  const rows = await db()
    .select({
      send: campaignSends,
      waiting: sql<number>`count(${r.id}) filter (where ${r.status} = 'waiting')::int`,
      queued: sql<number>`count(${r.id}) filter (where ${r.status} = 'waiting' or (${r.status} = 'queued' and ${emailOutbox.status} in ('pending', 'sending')))::int`,
      sent: sql<number>`count(${r.id}) filter (where ${emailOutbox.status} in ('sent', 'stored'))::int`,
      suppressed: sql<number>`count(${r.id}) filter (where ${r.status} = 'suppressed' or ${emailOutbox.status} = 'suppressed')::int`,
      failed: sql<number>`count(${r.id}) filter (where ${emailOutbox.status} = 'failed')::int`,
      skipped: sql<number>`count(${r.id}) filter (where ${r.status} = 'skipped' or (${r.status} = 'queued' and ${r.outboxId} is null))::int`,
    })
    .from(campaignSends)
    .leftJoin(r, eq(r.sendId, campaignSends.id))
    .leftJoin(emailOutbox, eq(emailOutbox.id, r.outboxId))
    .where(eq(campaignSends.campaignId, campaignId))
    .groupBy(campaignSends.id)
    .orderBy(desc(campaignSends.createdAt));
  return rows.map(({ send, ...counts }) => ({
    ...send,
    waiting: Number(counts.waiting),
    queued: Number(counts.queued),
    sent: Number(counts.sent),
    suppressed: Number(counts.suppressed),
    failed: Number(counts.failed),
    skipped: Number(counts.skipped),
  }));
}
