-- The tier catalog is kept per process beside the settings row (decision 041, "Later"): every
-- committed write to it notifies the settings' channel, so each process reads both again.
CREATE TRIGGER package_tiers_kept AFTER INSERT OR UPDATE OR DELETE ON package_tiers
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('organization_settings');
--> statement-breakpoint
CREATE TRIGGER package_tiers_kept_truncate AFTER TRUNCATE ON package_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('organization_settings');
