CREATE TABLE "signing_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"p12" text NOT NULL,
	"passphrase" text NOT NULL,
	"common_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificates_one_row" CHECK ("signing_certificates"."id" = 'agency')
);
