import { describe, expect, it } from "vitest";
import { checkManifest } from "./backup-manifest";

const known = ["0000_extensions", "0001_data_model", "0002_more"];
const manifest = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ format: "agency-backup", formatVersion: 1, appVersion: "0.1.0", newestMigration: "0001_data_model", createdAt: "2026-11-24T07:00:00.000Z", ...overrides });

describe("a backup's manifest", () => {
  it("is accepted from this app, made at this or an older migration", () => {
    expect(checkManifest(manifest(), known)).toEqual({
      ok: true,
      manifest: { format: "agency-backup", formatVersion: 1, appVersion: "0.1.0", newestMigration: "0001_data_model", createdAt: "2026-11-24T07:00:00.000Z" },
    });
    expect(checkManifest(manifest({ newestMigration: "0002_more" }), known).ok).toBe(true);
  });

  it("is refused, saying why, from another product, another format, a newer app, or unreadable", () => {
    expect(checkManifest("{", known)).toEqual({ ok: false, problem: "its manifest is not readable" });
    expect(checkManifest(manifest({ format: "something-else" }), known)).toEqual({ ok: false, problem: "its manifest is not that of a backup of this app" });
    expect(checkManifest(manifest({ formatVersion: 2 }), known)).toEqual({ ok: false, problem: "it is in backup format 2, and this version of the app reads format 1" });
    expect(checkManifest(manifest({ newestMigration: "0003_future", appVersion: "2.0.0" }), known)).toEqual({
      ok: false,
      problem: "it was made by a newer version of the app (2.0.0, database at migration 0003_future); upgrade this app first",
    });
    expect(checkManifest(manifest({ createdAt: "yesterday" }), known)).toMatchObject({ ok: false, problem: expect.stringContaining("lacks") });
  });
});
