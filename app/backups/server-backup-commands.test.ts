import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND } from "./server-backup-commands";

describe("the PostgreSQL backup commands", () => {
  it("the Data tab shows are the operations guide's", () => {
    const guide = fs.readFileSync("docs/operations.md", "utf8");
    const backups = guide.slice(guide.indexOf("## Backups"), guide.indexOf("## Upgrades"));
    expect(backups).toContain(PG_DUMP_COMMAND);
    expect(backups).toContain(PG_RESTORE_COMMAND);
  });
});
