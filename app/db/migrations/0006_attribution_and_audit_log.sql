CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"summary" text NOT NULL,
	"ip_address" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slug" text;--> statement-breakpoint
-- Campaigns made before slugs existed get one from their name (as campaign-slug.ts makes them),
-- numbered by age where two names give the same: a database with campaigns could not upgrade
-- without it (found by the upgrade test, decision 030).
UPDATE "campaigns" SET "slug" = numbered.slug FROM (
  SELECT "id", base || CASE WHEN row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") = 1 THEN '' ELSE '-' || row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") END AS slug
  FROM (SELECT "id", "created_at", coalesce(nullif(left(trim(BOTH '-' FROM regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 50), ''), 'campaign') AS base FROM "campaigns") AS named
) AS numbered WHERE "campaigns"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_client_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "commission_cents" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at_idx" ON "audit_log" USING btree ("occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_client_id_clients_id_fk" FOREIGN KEY ("referrer_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_campaign_id_idx" ON "leads" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_client_id_idx" ON "referrals" USING btree ("referrer_client_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_lead_id_unique" UNIQUE("lead_id");