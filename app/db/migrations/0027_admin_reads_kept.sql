-- What every back-office page reads is kept in memory per process (decision 041): the signed-in
-- admin's session, account and role, the organization's settings, the admin's hidden columns. As for
-- the booking page (migration 0003), every committed write to those tables notifies a channel that
-- each process listens on, and it drops what it kept under that channel. Triggers rather than calls
-- in the services, so that better-auth's own writes, cascades, the worker, the admin CLI and
-- hand-written SQL are heard too.
CREATE FUNCTION notify_kept_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_sign_ins AFTER INSERT OR UPDATE OR DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER session_sign_ins_truncate AFTER TRUNCATE ON session
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER user_sign_ins AFTER INSERT OR UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER user_sign_ins_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER user_roles_sign_ins AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER user_roles_sign_ins_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('sign_ins');
--> statement-breakpoint
CREATE TRIGGER organization_settings_kept AFTER INSERT OR UPDATE OR DELETE ON organization_settings
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('organization_settings');
--> statement-breakpoint
CREATE TRIGGER organization_settings_kept_truncate AFTER TRUNCATE ON organization_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('organization_settings');
--> statement-breakpoint
CREATE TRIGGER admin_table_preferences_kept AFTER INSERT OR UPDATE OR DELETE ON admin_table_preferences
  FOR EACH ROW EXECUTE FUNCTION notify_kept_reads('admin_table_preferences');
--> statement-breakpoint
CREATE TRIGGER admin_table_preferences_kept_truncate AFTER TRUNCATE ON admin_table_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION notify_kept_reads('admin_table_preferences');
