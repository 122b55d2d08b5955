CREATE TABLE "card_checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"returns_to" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_checkout_sessions_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"detail" text,
	"invoice_id" uuid,
	CONSTRAINT "payment_provider_events_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_amount_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "provider_refunded_through_cents" integer;--> statement-breakpoint
ALTER TABLE "card_checkout_sessions" ADD CONSTRAINT "card_checkout_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_checkout_sessions" ADD CONSTRAINT "card_checkout_sessions_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkout_sessions_invoice_idx" ON "card_checkout_sessions" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_provider_events_received_idx" ON "payment_provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_payment_unique" ON "invoice_payments" USING btree ("provider_payment_id") WHERE "invoice_payments"."amount_cents" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_refund_unique" ON "invoice_payments" USING btree ("provider_payment_id","provider_refunded_through_cents") WHERE "invoice_payments"."amount_cents" < 0;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0 OR ("invoice_payments"."amount_cents" < 0 AND "invoice_payments"."provider_payment_id" IS NOT NULL AND "invoice_payments"."provider_refunded_through_cents" IS NOT NULL));