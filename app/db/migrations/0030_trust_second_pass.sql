CREATE TABLE "sign_in_epochs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"epoch" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sign_in_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "sign_in_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sealed" jsonb;--> statement-breakpoint
ALTER TABLE "sign_in_epochs" ADD CONSTRAINT "sign_in_epochs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A client's portal sessions and unused sign-in links end with the client's right to the portal
-- (issue 41): when the client's address changes or the client is archived, in the transaction of
-- that change, whichever code (a form, the clients list's rows, an import) or hand-written SQL makes
-- it. Deleting the client ends them by the foreign keys' cascade.
CREATE FUNCTION end_portal_access_of_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portal_sessions WHERE client_id = NEW.id;
  UPDATE portal_sign_in_links SET expires_at = now() WHERE client_id = NEW.id AND used_at IS NULL AND expires_at > now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_end_portal_access AFTER UPDATE OF email, status ON clients
  FOR EACH ROW WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email) OR (NEW.status = 'archived' AND OLD.status IS DISTINCT FROM 'archived'))
  EXECUTE FUNCTION end_portal_access_of_client();
--> statement-breakpoint
DELETE FROM portal_sessions WHERE client_id IN (SELECT id FROM clients WHERE status = 'archived');
--> statement-breakpoint
-- One-time links in the messages already delivered are masked as new ones are (sealed-links.ts):
-- every admin reads the e-mail log, and every backup holds it.
UPDATE email_outbox
SET subject = regexp_replace(subject, '/(portal/sign-in|auth/invitation)/[A-Za-z0-9_-]{43}', '/\1/[one-time link withheld]', 'g'),
    html = regexp_replace(html, '/(portal/sign-in|auth/invitation)/[A-Za-z0-9_-]{43}', '/\1/[one-time link withheld]', 'g'),
    text = regexp_replace(text, '/(portal/sign-in|auth/invitation)/[A-Za-z0-9_-]{43}', '/\1/[one-time link withheld]', 'g')
WHERE email_type IN ('portal_sign_in', 'admin_invitation') AND status <> 'pending' AND status <> 'sending';
