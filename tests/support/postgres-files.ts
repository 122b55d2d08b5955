/**
 * The integration files that run on PostgreSQL as well as on PGlite: those about something
 * PostgreSQL does differently (decision 036 says why each is here). Every other integration file
 * runs on PGlite only: the SQL is the same, and PGlite runs it in process.
 *
 * Kept in one place so that `vitest.config.ts` (the `db:postgres` project's files) and a test of
 * this list (each name is a file that exists) read the same names.
 */
export const POSTGRES_FILES: Record<string, string> = {
  // Locks and concurrency: many connections at once, where PGlite has one and serialises.
  "consultation-booking.test.ts": "two visitors racing for one slot: one conditional update, one unique constraint",
  "rate-limits.test.ts": "counters incremented by concurrent requests in one statement",
  "email-delivery.test.ts": "the outbox's claims (FOR UPDATE SKIP LOCKED) and leases between deliverers",
  "cadences.test.ts": "cadence steps claimed exactly once by concurrent runners",
  "signing-certificate.test.ts": "the first signing certificate made by several connections at once: one row, by the insert's conflict on its key",
  // Notifications: a kept read is told of a change by LISTEN/NOTIFY on a server, synchronously on PGlite.
  "booking-page-cache.test.ts": "the booking page cache hears other processes' changes by NOTIFY",
  "booking-document.test.ts": "the kept booking document, dropped by NOTIFY",
  "kept-public-pages.test.ts": "kept public pages, dropped by NOTIFY",
  "settings.test.ts": "the kept settings row and tier catalog, and a change made behind the app's back",
  // Several processes on one database.
  "multi-process.test.ts": "two app processes on one PostgreSQL: a shared rate limit, kept pages, the outbox, a SIGKILL",
  "background-jobs-processes.test.ts": "jobs in a thread and in a worker process, claiming from one database",
  "production-process.test.ts": "a stop that drains the jobs thread and the pool a server database has (the embedded one runs jobs on the main thread)",
  "health-checks.test.ts": "readiness asks the database, a pool on a server",
  // Migrations, upgrades and backups: DDL, pg_dump and restores differ between the two.
  "migrations.test.ts": "every migration applied to an empty database, and again as a no-op",
  "upgrade.test.ts": "an earlier release's data migrated forward",
  "backups.test.ts": "the nightly backup and its restore, by pg_dump on a server and a data-directory dump on PGlite",
  // The attack suites: each way in, tried on each database, since a refusal may rest on a constraint or a lock.
  "sign-in-attacks.test.ts": "sign-in throttling and lockout counted in the database under concurrent tries",
  "admin-boundary-attacks.test.ts": "the admin boundary over real HTTP, the backup download differing by kind",
  "upload-attacks.test.ts": "hostile restore archives, restored by a different path on each kind",
  "security.test.ts": "sessions, two-factor and roles, with kept reads on a server",
  "portal-isolation.test.ts": "one client's portal never reaching another's rows",
  "trust-attacks.test.ts": "step-up, revocations and per-network counts, resting on triggers, epochs and atomic counters",
  "proposals.test.ts": "concurrency: two tabs signing one proposal at the same moment make one signature, one client, one project and one set of invoices (the version's row lock, the unique signature)",
  "proposal-link-attacks.test.ts": "concurrency: the proposal link's signature replayed over real HTTP signs once, under the row lock a server's connections contend for",
  "card-payment-attacks.test.ts": "Stripe's webhook delivering one event several times at once: one payment by the event's and the payment's unique keys",
};
