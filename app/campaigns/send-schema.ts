import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, requiredReference, optionalReference } from "~/db/columns";
import { emailOutbox, emailTemplates } from "~/email/schema";
import type { LeadListView } from "~/leads/lead-list-view";
import { leads } from "~/leads/schema";
import { CAMPAIGN_SEND_RECIPIENT_STATUSES, CAMPAIGN_SEND_STATUSES } from "~/attribution/campaign-options";
import { campaigns } from "~/attribution/schema";

// Beside schema.ts rather than in it: these tables point at the outbox and the leads, whose
// schemas point back at campaigns (leads.campaign_id), so one module would close an import cycle.

/** The segment of the leads list a send was made to (the list's own filters; stored, so `search` keeps its first name). */
export type CampaignSendSegment = Pick<LeadListView, "status" | "tier" | "source"> & { search: string };

/**
 * One 'Send campaign e-mail': the template, the segment, and the counts fixed when it was confirmed.
 * Its recipients are written at once (one row per lead); the worker enqueues them a batch per turn.
 */
export const campaignSends = pgTable(
  "campaign_sends",
  {
    id: recordKey(),
    campaignId: requiredReference("campaign_id", () => campaigns.id, "cascade"),
    // Kept (as null) when the template is deleted: the record of what was sent stays, by subject.
    templateId: optionalReference("template_id", () => emailTemplates.id, "set null"),
    templateName: text("template_name").notNull(),
    segment: jsonb("segment").$type<CampaignSendSegment>().notNull(),
    status: text("status", { enum: CAMPAIGN_SEND_STATUSES }).notNull().default("queued"),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    finishedAt: instant("finished_at"),
  },
  (t) => [index("campaign_sends_campaign_created_idx").on(t.campaignId, t.createdAt.desc().nullsFirst())],
);

/** Each lead of a send, once (the unique pair); `outbox_id` once its e-mail is queued. */
export const campaignSendRecipients = pgTable(
  "campaign_send_recipients",
  {
    id: recordKey(),
    sendId: requiredReference("send_id", () => campaignSends.id, "cascade"),
    // A lead deleted before its turn is skipped (the row stays, without a lead).
    leadId: optionalReference("lead_id", () => leads.id, "set null"),
    status: text("status", { enum: CAMPAIGN_SEND_RECIPIENT_STATUSES }).notNull().default("waiting"),
    outboxId: optionalReference("outbox_id", () => emailOutbox.id, "set null"),
    processedAt: instant("processed_at"),
  },
  (t) => [
    unique("campaign_send_recipients_send_lead_unique").on(t.sendId, t.leadId),
    // The worker's claim: the waiting recipients, oldest send first.
    index("campaign_send_recipients_waiting_idx").on(t.sendId).where(sql`${t.status} = 'waiting'`),
    index("campaign_send_recipients_outbox_idx").on(t.outboxId),
  ],
);

export type CampaignSend = typeof campaignSends.$inferSelect;
export type CampaignSendRecipient = typeof campaignSendRecipients.$inferSelect;
