import { defineConfig } from "vitest/config";

// Unit tests of pure rules and integration tests of services and migrations.
// The database suites run on PGlite, and on PostgreSQL with TEST_DB_KIND=server.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "bundling/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    env: { NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time on this 2-core machine (vitest's default here is one): a file spends much
    // of its time waiting on its database, its app process or a timer (decision 036).
    maxWorkers: 2,
  },
});
