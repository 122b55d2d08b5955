ALTER TABLE "organization_settings" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "sender_email" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "unsubscribe_footer_text" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "referral_commission_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_commission_check" CHECK ("organization_settings"."referral_commission_percent" BETWEEN 0 AND 100);