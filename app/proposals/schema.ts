import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, unique, uuid } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import { addOns } from "~/add-ons/schema";
import { clients } from "~/clients/schema";
import { invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { projects } from "~/projects/schema";
import { TIER_IDS } from "~/organization/tier-catalog";
import { DEPOSIT_RULES, OPTION_KINDS, PROPOSAL_EVENT_KINDS, PROPOSAL_STATUSES } from "./proposal-options";

/** The agency's contracts with `{{placeholders}}`, editable; one seeded default. */
export const contractTemplates = pgTable("contract_templates", {
  id: recordKey(),
  name: text("name").notNull(),
  body: text("body").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const proposals = pgTable(
  "proposals",
  {
    id: recordKey(),
    title: text("title").notNull(),
    // For a lead or a client: a lead's proposal gets its client when signed.
    leadId: optionalReference("lead_id", () => leads.id, "set null"),
    clientId: optionalReference("client_id", () => clients.id, "restrict"),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    businessName: text("business_name"),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("draft"),
    discountCents: integer("discount_cents").notNull().default(0),
    depositRule: text("deposit_rule", { enum: DEPOSIT_RULES }).notNull().default("percent"),
    /** Whole percent for "percent", cents for "fixed". */
    depositValue: integer("deposit_value").notNull().default(50),
    expiresOn: date("expires_on", { mode: "string" }),
    note: text("note"),
    contractTemplateId: optionalReference("contract_template_id", () => contractTemplates.id, "set null"),
    /** Days after sending when the client is reminded, at most three. */
    reminderDays: integer("reminder_days").array().notNull().default(sql`'{3,7}'::integer[]`),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("proposals_status_idx").on(t.status),
    index("proposals_lead_idx").on(t.leadId),
    index("proposals_client_idx").on(t.clientId),
    check("proposals_amounts_check", sql`${t.discountCents} >= 0 AND ${t.depositValue} >= 0`),
  ],
);

export const proposalOptions = pgTable(
  "proposal_options",
  {
    id: recordKey(),
    proposalId: requiredReference("proposal_id", () => proposals.id, "cascade"),
    kind: text("kind", { enum: OPTION_KINDS }).notNull(),
    tier: text("tier", { enum: TIER_IDS }),
    addOnId: optionalReference("add_on_id", () => addOns.id, "set null"),
    name: text("name").notNull(),
    /** The catalogue's price when it was added: the proposal keeps it. */
    priceCents: integer("price_cents").notNull(),
    /** An included add-on is part of every choice; an optional one the client may pick. */
    included: boolean("included").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("proposal_options_proposal_idx").on(t.proposalId, t.sortOrder), check("proposal_options_price_check", sql`${t.priceCents} >= 0`)],
);

/** What a version offers, frozen when it is sent: the options, the money rules and the contract's template. */
export type VersionOffer = {
  options: { id: string; kind: "tier" | "add_on"; tier: (typeof TIER_IDS)[number] | null; addOnId: string | null; name: string; priceCents: number; included: boolean }[];
  discountCents: number;
  depositRule: "percent" | "fixed";
  depositValue: number;
  templateBody: string;
};

/** The client's choice, frozen with the contract text they read. */
export type VersionChoice = { tierOptionId: string; addOnOptionIds: string[] };

export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: recordKey(),
    proposalId: requiredReference("proposal_id", () => proposals.id, "cascade"),
    number: integer("number").notNull(),
    /** The client's capability link (/proposal/{token}): 256 random bits. */
    token: text("token").notNull().unique(),
    offer: jsonb("offer").$type<VersionOffer>().notNull(),
    /** Set when a newer version is sent: this link then only says it was replaced. */
    replacedAt: instant("replaced_at"),
    /** The exact text the client read when they went on to sign, and its SHA-256. */
    contractText: text("contract_text"),
    contractSha256: text("contract_sha256"),
    choice: jsonb("choice").$type<VersionChoice>(),
    frozenAt: instant("frozen_at"),
    createdAt: createdAt(),
  },
  (t) => [unique("proposal_versions_number_unique").on(t.proposalId, t.number)],
);

/** Append-only: each event carries the hash of the one before (app/signing/contract-hash.ts). */
export const proposalEvents = pgTable(
  "proposal_events",
  {
    id: recordKey(),
    proposalId: requiredReference("proposal_id", () => proposals.id, "cascade"),
    versionId: uuid("version_id").references(() => proposalVersions.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    kind: text("kind", { enum: PROPOSAL_EVENT_KINDS }).notNull(),
    occurredAt: instant("occurred_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    previousHash: text("previous_hash"),
    hash: text("hash").notNull(),
  },
  (t) => [unique("proposal_events_sequence_unique").on(t.proposalId, t.sequence)],
);

/** The one signature of a proposal and what it set in motion: unique per proposal, so signing twice makes one. */
export const proposalSignatures = pgTable(
  "proposal_signatures",
  {
    id: recordKey(),
    proposalId: requiredReference("proposal_id", () => proposals.id, "cascade"),
    versionId: requiredReference("version_id", () => proposalVersions.id, "cascade"),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    signedAt: instant("signed_at").notNull(),
    contractSha256: text("contract_sha256").notNull(),
    totalCents: integer("total_cents").notNull(),
    depositCents: integer("deposit_cents").notNull(),
    /** The sealed PDF, base64. */
    pdf: text("pdf").notNull(),
    clientId: requiredReference("client_id", () => clients.id, "restrict"),
    projectId: optionalReference("project_id", () => projects.id, "set null"),
    depositInvoiceId: optionalReference("deposit_invoice_id", () => invoices.id, "set null"),
    remainderInvoiceId: optionalReference("remainder_invoice_id", () => invoices.id, "set null"),
  },
  (t) => [uniqueIndex("proposal_signatures_proposal_unique").on(t.proposalId), index("proposal_signatures_deposit_invoice_idx").on(t.depositInvoiceId)],
);

export type Proposal = typeof proposals.$inferSelect;
export type ProposalOption = typeof proposalOptions.$inferSelect;
export type ProposalVersion = typeof proposalVersions.$inferSelect;
export type ProposalEvent = typeof proposalEvents.$inferSelect;
export type ProposalSignature = typeof proposalSignatures.$inferSelect;
export type ContractTemplate = typeof contractTemplates.$inferSelect;
