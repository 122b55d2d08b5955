CREATE TABLE "nightly_backups" (
	"night" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "backups_kept" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_backups_kept_check" CHECK ("organization_settings"."backups_kept" BETWEEN 1 AND 365);