CREATE TABLE "campaign_send_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"send_id" uuid NOT NULL,
	"lead_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"outbox_id" uuid,
	"processed_at" timestamp with time zone,
	CONSTRAINT "campaign_send_recipients_send_lead_unique" UNIQUE("send_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_send_recipients" ADD CONSTRAINT "campaign_send_recipients_send_id_campaign_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."campaign_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_send_recipients" ADD CONSTRAINT "campaign_send_recipients_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_send_recipients" ADD CONSTRAINT "campaign_send_recipients_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_send_recipients_waiting_idx" ON "campaign_send_recipients" USING btree ("send_id") WHERE "campaign_send_recipients"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "campaign_send_recipients_outbox_idx" ON "campaign_send_recipients" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "campaign_sends_campaign_created_idx" ON "campaign_sends" USING btree ("campaign_id","created_at" DESC NULLS FIRST);