-- The public booking page is kept in memory per link (app/booking/booking-page-cache.server.ts).
-- Every committed change to what the page shows notifies the channel "booking_pages"; each app
-- process listens and drops what it kept. Triggers rather than calls in the services, so that
-- cascades, the worker, scripts and hand-written SQL are seen too. Row triggers, not statement
-- triggers: an UPDATE that matches no row (the worker's sweeps) notifies nothing. PostgreSQL
-- delivers a notification only when its transaction commits, once per transaction and payload.
CREATE FUNCTION notify_booking_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_pages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER availability_slots_booking_pages AFTER INSERT OR UPDATE OR DELETE ON availability_slots
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER availability_slots_booking_pages_truncate AFTER TRUNCATE ON availability_slots
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_booking_pages AFTER INSERT OR UPDATE OR DELETE ON blocked_dates
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_booking_pages_truncate AFTER TRUNCATE ON blocked_dates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER consultation_bookings_booking_pages AFTER INSERT OR UPDATE OR DELETE ON consultation_bookings
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER consultation_bookings_booking_pages_truncate AFTER TRUNCATE ON consultation_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER organization_settings_booking_pages AFTER INSERT OR UPDATE OR DELETE ON organization_settings
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER organization_settings_booking_pages_truncate AFTER TRUNCATE ON organization_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
-- The page greets the lead by name; a deleted lead takes its invitations with it (cascade, seen above).
CREATE TRIGGER leads_booking_pages AFTER UPDATE OF name ON leads
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION notify_booking_pages();
