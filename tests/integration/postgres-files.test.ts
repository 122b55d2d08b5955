import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_FILES } from "../support/postgres-files";

// The list of files that also run on PostgreSQL (decision 036) names files that exist, each with
// its reason: a file renamed or removed would otherwise silently stop running there.
describe("the files that run on PostgreSQL too", () => {
  it("are integration files that exist, each with the reason PostgreSQL differs there", () => {
    const integrationFiles = new Set(fs.readdirSync(path.resolve("tests/integration")));
    for (const [file, reason] of Object.entries(POSTGRES_FILES)) {
      expect(integrationFiles.has(file), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(20);
    }
  });
});
