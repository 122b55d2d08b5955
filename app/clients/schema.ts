import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { recordKey, updatedAt } from "~/db/columns";
import { leads } from "~/leads/schema";
import { TIER_IDS } from "~/organization/tier-catalog";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";

export const clients = pgTable(
  "clients",
  {
    id: recordKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The client's business, as they name it (the client portal lets them correct it). */
    businessName: text("business_name"),
    tier: text("tier", { enum: TIER_IDS }).notNull().default("1"),
    status: text("status", { enum: CLIENT_STATUSES }).notNull().default("active"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    notes: text("notes"),
    projectLink: text("project_link"),
    /** The client's referral link is `/?ref={referralCode}`; unique, generated when the client is created. */
    referralCode: text("referral_code").unique(),
    // Unique: one client per lead, so converting a lead twice (double click, retry) is a no-op
    // (INSERT ... ON CONFLICT (lead_id) DO NOTHING). Deleting the lead keeps the client.
    leadId: uuid("lead_id")
      .unique()
      .references(() => leads.id, { onDelete: "set null" }),
    initialConsultCompleted: boolean("initial_consult_completed").notNull().default(false),
    totalConsultations: integer("total_consultations").notNull().default(0),
    // Milliseconds, as the keyset cursor carries them (decision 003).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("clients_email_lower_idx").on(sql`lower(${t.email})`),
    // Substring search (ILIKE '%q%'); needs pg_trgm.
    index("clients_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("clients_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

export type Client = typeof clients.$inferSelect;
export type NewClient = typeof clients.$inferInsert;
