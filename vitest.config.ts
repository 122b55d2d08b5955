import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { LongFilesFirst } from "./tests/support/long-files-first";
import { POSTGRES_FILES } from "./tests/support/postgres-files";

// Three projects in one run (decision 036):
// - unit: the pure rules beside the code (app/**, bundling/**), no database, no app process; in
//   threads, one module graph per worker, since these files share no state.
// - db:pglite: every integration file (tests/integration/**) on the embedded PGlite.
// - db:postgres: the integration files about what PostgreSQL does differently (tests/support/
//   postgres-files.ts) on the server of TEST_DATABASE_URL, when it is set. TEST_POSTGRES_FILES=all
//   runs every integration file there.
// One process, two files at a time across the projects: a file waits much of its time on its
// database, an app process or a timer, and the long ones overlap the short ones.
const integrationFiles =
  process.env.TEST_POSTGRES_FILES === "all" ? ["tests/integration/**/*.test.ts"] : Object.keys(POSTGRES_FILES).map((file) => `tests/integration/${file}`);

const databaseProject = (name: string, kind: "embedded" | "server", include: string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    env: { TEST_DB_KIND: kind },
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/file-environment.ts", "tests/support/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    isolate: false,
    // The production build, when a test serves it in process (tests/support/built-app.ts): Node's
    // own import, as server.js does, not Vite's transform of a 2 MB bundle.
    server: { deps: { external: [/\/build\/server\//] } },
  },
});

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    env: { NODE_ENV: "test" },
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "bundling/**/*.test.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          pool: "threads",
          isolate: false,
        },
      },
      databaseProject("db:pglite", "embedded", ["tests/integration/**/*.test.ts"]),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject("db:postgres", "server", integrationFiles)] : []),
    ],
  },
});
