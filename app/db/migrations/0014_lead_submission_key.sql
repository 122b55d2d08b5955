ALTER TABLE "leads" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_submission_key_unique" UNIQUE("submission_key");