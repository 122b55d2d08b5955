-- Every client has a referral link: clients created before codes existed get one now
-- (new clients get theirs from app/clients/referral-code.ts when they are created).
UPDATE "clients" SET "referral_code" = upper(substr(md5(random()::text || "id"::text), 1, 8)) WHERE "referral_code" IS NULL;
--> statement-breakpoint
-- Campaign statuses are draft, active and ended (issue 17); the older paused and completed end.
UPDATE "campaigns" SET "status" = 'ended' WHERE "status" NOT IN ('draft', 'active', 'ended');
