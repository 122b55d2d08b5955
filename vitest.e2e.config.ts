import { defineConfig } from "vitest/config";

// Browser tests: the built app in its own process, driven by Debian's Chromium. Files run side by
// side (each starts its own app on a free port with its own data directory, and its own browser).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    pool: "forks",
  },
});
