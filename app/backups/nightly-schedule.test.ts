import { describe, expect, it } from "vitest";
import { backupFileName, backupFileTime, nightOf } from "./nightly-schedule";

describe("the nightly backup's night", () => {
  it("is the business-local date from 02:00, the previous one before", () => {
    // 01:59 and 02:00 in New York (UTC-5 in November).
    expect(nightOf(new Date("2026-11-24T06:59:00Z"), "America/New_York")).toBe("2026-11-23");
    expect(nightOf(new Date("2026-11-24T07:00:00Z"), "America/New_York")).toBe("2026-11-24");
    expect(nightOf(new Date("2026-11-24T07:00:00Z"), "Asia/Tokyo")).toBe("2026-11-24");
  });

  it("is one per calendar day across a DST change", () => {
    // 8 March 2026: New York springs forward at 02:00 (there is no 02:00 that night).
    const nights = new Set<string>();
    for (let hour = 0; hour < 72; hour += 1) nights.add(nightOf(new Date(Date.UTC(2026, 2, 7, 5 + hour)), "America/New_York"));
    expect([...nights]).toEqual(["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"]);
  });
});

describe("a backup file's name", () => {
  it("says when it was made, and is read back; other names are not ours", () => {
    const at = new Date("2026-11-24T07:03:09.456Z");
    expect(backupFileName(at)).toBe("agency-backup-20261124T070309Z.tar.gz");
    expect(backupFileTime(backupFileName(at))).toEqual(new Date("2026-11-24T07:03:09Z"));
    for (const name of ["notes.txt", "agency-backup-2026.tar.gz", "../agency-backup-20261124T070309Z.tar.gz", ".partial-agency-backup-20261124T070309Z.tar.gz"]) expect(backupFileTime(name)).toBeNull();
  });
});
