CREATE TABLE "session_confirmations" (
	"session_id" text PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_confirmations" ADD CONSTRAINT "session_confirmations_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;