import { defineConfig } from "vitest/config";

// Browser tests: the built app in its own process, driven by Debian's Chromium. One file at a time:
// on two cores, files side by side timed out waiting on each other (decision 036).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
