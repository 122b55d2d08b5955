-- better-auth's "trust this device" records let a password alone sign in to an account with
-- two-factor on; the product never offers that (issue 25), so none may remain.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';
