CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leads_tier_created_at_idx" ON "leads" USING btree ("tier","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_source_created_at_idx" ON "leads" USING btree ("source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_name_id_idx" ON "leads" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "leads_email_id_idx" ON "leads" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "leads_website_promo_created_at_idx" ON "leads" USING btree ("created_at") WHERE "leads"."tags" @> ARRAY['$99_promo']::text[];