import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/support/long-files-first";

// Browser tests: the built app in its own process, driven by Debian's Chromium (one Chromium for the
// run). Two files at a time (decision 036): a file waits much of its time on its app, its mail or
// the page, and no test bounds its waits by the wall clock.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    pool: "forks",
    // The files share their two worker processes (decision 036): each starts its own app, scene and
    // browser contexts, and Playwright and the test support load once per worker, not per file.
    isolate: false,
  },
});
