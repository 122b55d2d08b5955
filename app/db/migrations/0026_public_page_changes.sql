-- The public pages are kept in memory like the booking page (decision 037), dropped by the same
-- notification (channel "booking_pages", migration 0003, which already covers the settings). The
-- tiers and the portfolio they show announce their changes the same way.
CREATE TRIGGER package_tiers_booking_pages AFTER INSERT OR UPDATE OR DELETE ON package_tiers
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER package_tiers_booking_pages_truncate AFTER TRUNCATE ON package_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER portfolio_items_booking_pages AFTER INSERT OR UPDATE OR DELETE ON portfolio_items
  FOR EACH ROW EXECUTE FUNCTION notify_booking_pages();
--> statement-breakpoint
CREATE TRIGGER portfolio_items_booking_pages_truncate AFTER TRUNCATE ON portfolio_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_pages();
