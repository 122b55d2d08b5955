import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LONG_FILES } from "../support/long-files";
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

// The long files the two workers take first: a renamed one would silently go back to the queue.
describe("the long files given to the workers first", () => {
  it("are test files that exist, in a project that runs them", () => {
    for (const name of LONG_FILES) {
      const [project, file] = name.includes(" ") ? name.split(" ") : [undefined, name];
      expect(fs.existsSync(path.resolve(file!)), name).toBe(true);
      if (project === "db:postgres") expect(Object.keys(POSTGRES_FILES), name).toContain(path.basename(file!));
      else if (project !== undefined) expect(project, name).toBe("db:pglite");
    }
  });
});
