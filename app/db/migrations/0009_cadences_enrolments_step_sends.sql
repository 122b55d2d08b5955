CREATE TABLE "cadence_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cadence_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_reason" text,
	"ended_at" timestamp with time zone,
	"next_step_index" integer DEFAULT 0 NOT NULL,
	"next_step_due_at" timestamp with time zone,
	CONSTRAINT "cadence_enrolments_cadence_lead_key" UNIQUE("cadence_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "cadence_step_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"step_index" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"template_id" uuid,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cadence_step_sends_enrolment_step_key" UNIQUE("enrolment_id","step_index")
);
--> statement-breakpoint
ALTER TABLE "cadences" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "cadence_enrolments" ADD CONSTRAINT "cadence_enrolments_cadence_id_cadences_id_fk" FOREIGN KEY ("cadence_id") REFERENCES "public"."cadences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadence_enrolments" ADD CONSTRAINT "cadence_enrolments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadence_step_sends" ADD CONSTRAINT "cadence_step_sends_enrolment_id_cadence_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."cadence_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadence_step_sends" ADD CONSTRAINT "cadence_step_sends_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadence_step_sends" ADD CONSTRAINT "cadence_step_sends_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadence_enrolments_due_idx" ON "cadence_enrolments" USING btree ("status","next_step_due_at");--> statement-breakpoint
CREATE INDEX "cadence_enrolments_lead_idx" ON "cadence_enrolments" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "cadence_step_sends_outbox_idx" ON "cadence_step_sends" USING btree ("outbox_id");