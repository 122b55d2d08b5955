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
--> statement-breakpoint
-- A lead's timeline shows the cadences' entries in the words the cadences domain now writes into
-- them (triggerText, because: decision 048); the entries written before get the same words.
UPDATE lead_timeline_events SET data = data || jsonb_build_object('triggerText', CASE data->>'trigger'
    WHEN 'promo_claimed' THEN 'Promo claimed'
    WHEN 'inquiry_received' THEN 'Inquiry received'
    WHEN 'contact_message_received' THEN 'Contact message received'
    WHEN 'booking_invitation_sent' THEN 'Booking invitation sent'
    WHEN 'client_converted' THEN 'Lead converted to client'
    WHEN 'manual' THEN 'Manual enrolment'
    ELSE data->>'trigger' END)
  WHERE event = 'cadence_enrolled' AND data ? 'trigger' AND NOT data ? 'triggerText';
--> statement-breakpoint
UPDATE lead_timeline_events SET data = data || jsonb_build_object('because', CASE data->>'reason'
    WHEN 'converted' THEN 'the lead converted to a client'
    WHEN 'booked' THEN 'the lead booked a consultation'
    WHEN 'unsubscribed' THEN 'the address unsubscribed or is suppressed'
    WHEN 'completed' THEN 'every step was handled'
    WHEN 'removed' THEN 'the cadence was deleted'
    END)
  WHERE event = 'cadence_ended' AND data->>'reason' IN ('converted', 'booked', 'unsubscribed', 'completed', 'removed') AND NOT data ? 'because';
--> statement-breakpoint
UPDATE lead_timeline_events SET data = data || jsonb_build_object('because', CASE data->>'reason'
    WHEN 'unsubscribed' THEN 'the address unsubscribed or is suppressed'
    WHEN 'template_missing' THEN 'its template was deleted'
    WHEN 'not_converted' THEN 'the lead is converted'
    WHEN 'not_booked' THEN 'the lead has booked a consultation'
    WHEN 'promo_active' THEN 'the lead''s promo is not active'
    WHEN 'not_contacted' THEN 'the lead has been contacted'
    ELSE coalesce(data->>'reason', 'its template was deleted') END)
  WHERE event = 'cadence_step_skipped' AND NOT data ? 'because';
