ALTER TABLE "availability_slots" DROP CONSTRAINT "availability_slots_booking_id_consultation_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "email_logs" DROP CONSTRAINT "email_logs_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_booking_id_consultation_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_user_id_fk";
--> statement-breakpoint
-- No foreign key points up the domains' layers any more (decision 048): availability and e-mail
-- keep the booking and lead they name as plain ids, and the domains above let go of them themselves
-- (the "leads.deleting" event). The audit log keeps the id of an account that acted after the
-- account is gone, so the one change its append-only rule allowed (that foreign key's SET NULL) goes.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
