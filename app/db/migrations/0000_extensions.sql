-- Trigram search (ILIKE %term%) on names, e-mails and promo codes; citext for case-insensitive text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
