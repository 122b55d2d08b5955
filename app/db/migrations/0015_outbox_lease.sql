ALTER TABLE "email_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
-- Mail being sent when the app was upgraded keeps the old rule: taken over 5 minutes after its claim.
UPDATE "email_outbox" SET "lease_until" = "claimed_at" + interval '5 minutes' WHERE "status" = 'sending';
