-- Each admin's hidden columns per back-office table (the data table's "Columns" menu), app/admin/schema.ts.
CREATE TABLE "admin_table_preferences" (
	"user_id" text NOT NULL,
	"table_id" text NOT NULL,
	"hidden_columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_table_preferences_user_id_table_id_pk" PRIMARY KEY("user_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "admin_table_preferences" ADD CONSTRAINT "admin_table_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;