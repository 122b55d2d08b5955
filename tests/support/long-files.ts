/**
 * The long test files, longest first, each with its seconds in a run alone on 2 cores: the
 * sequencer (long-files-first.ts) gives them to the two workers first. A name is the file's path,
 * after its project's name where a file runs in two projects.
 */
export const LONG_FILES: readonly string[] = [
  // The database run (the PostgreSQL project's run of a file, then PGlite's).
  "db:postgres tests/integration/multi-process.test.ts", // 52 s
  "db:pglite tests/integration/multi-process.test.ts", // 28 s
  "db:pglite tests/integration/backups.test.ts", // 25 s
  "db:postgres tests/integration/background-jobs-processes.test.ts", // 15 s
  "db:postgres tests/integration/sign-in-attacks.test.ts", // 11 s
  "db:pglite tests/integration/http-checks.test.ts", // 10 s
  "db:postgres tests/integration/email-delivery.test.ts", // 9 s
  "db:postgres tests/integration/admin-boundary-attacks.test.ts", // 9 s
  "db:pglite tests/integration/sign-in-attacks.test.ts", // 8 s
  "db:pglite tests/integration/email-spam-score.test.ts", // 8 s
  // The browser run.
  "tests/e2e/public-site.e2e.ts", // 66 s
  "tests/e2e/settings.e2e.ts", // 37 s
  "tests/e2e/mail-story.e2e.ts", // 33 s
  "tests/e2e/security.e2e.ts", // 33 s
  "tests/e2e/clients.e2e.ts", // 32 s
  "tests/e2e/consultation-booking.e2e.ts", // 29 s
  "tests/e2e/daily-use.e2e.ts", // 27 s
];
