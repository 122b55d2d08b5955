import { describe, expect, it } from "vitest";
import { parseTarHeader, safeEntryName, tarHeader, tarPadding } from "./tar-format";

describe("a tar header", () => {
  it("is read back as it was written, a long name split into prefix and name", () => {
    const modifiedAt = new Date("2026-11-24T02:00:00Z");
    const name = `pgdata/${"base/16384/".repeat(12)}2608_fsm`;
    expect(name.length).toBeGreaterThan(100);
    expect(parseTarHeader(tarHeader({ name, type: "file", size: 8192, mode: 0o600, modifiedAt }))).toEqual({ name, type: "file", size: 8192, mode: 0o600, modifiedAt });
    expect(parseTarHeader(tarHeader({ name: "pgdata", type: "directory", size: 0, mode: 0o700, modifiedAt }))).toMatchObject({ name: "pgdata", type: "directory", size: 0 });
    expect(tarPadding(8192).length).toBe(0);
    expect(tarPadding(3).length).toBe(509);
  });

  it("is refused when damaged, or when it is a link, a device or an extended header", () => {
    const header = tarHeader({ name: "pgdata/PG_VERSION", type: "file", size: 3, mode: 0o600, modifiedAt: new Date() });
    const damaged = header.slice();
    damaged[0] = "q".charCodeAt(0);
    expect(parseTarHeader(damaged)).toEqual({ problem: "an entry's header is damaged (its checksum does not match)" });
    for (const [flag, kind] of [["1", "a hard link"], ["2", "a symbolic link"], ["3", "a character device"], ["x", "an extended (pax) header"], ["L", "a GNU long name"]] as const) {
      const other = header.slice();
      other[156] = flag.charCodeAt(0);
      // The checksum covers the type flag: written again for the changed header.
      let sum = 0;
      for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : other[index]!;
      other.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, "0")}\u0000 `), 148);
      expect(parseTarHeader(other)).toEqual({ problem: `it holds ${kind} (pgdata/PG_VERSION), which a backup never does` });
    }
    expect(parseTarHeader(new Uint8Array(100))).toEqual({ problem: "the archive ends in the middle of an entry's header" });
  });
});

describe("an entry's name", () => {
  it("stays inside its folder or is refused", () => {
    expect(safeEntryName("pgdata/base/1")).toBe("pgdata/base/1");
    expect(safeEntryName("pgdata/")).toBe("pgdata");
    for (const name of ["../etc/passwd", "pgdata/../../x", "/etc/passwd", "pgdata//x", "./pgdata", "pgdata\\..\\x", "pgdata/\u0000x", ""]) expect(safeEntryName(name)).toBeNull();
  });

  it("written from the root, as PGlite's own dump has it, is read as relative only when asked", () => {
    const rooted = tarHeader({ name: "pg_wal", type: "directory", size: 0, mode: 0o700, modifiedAt: new Date() });
    rooted.set(new TextEncoder().encode("/pg_wal/\u0000"), 0);
    let sum = 0;
    for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : rooted[index]!;
    rooted.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, "0")}\u0000 `), 148);
    expect(parseTarHeader(rooted)).toMatchObject({ problem: "it holds a path that would leave its folder (/pg_wal/)" });
    expect(parseTarHeader(rooted, { rootedNames: true })).toMatchObject({ name: "pg_wal", type: "directory" });
  });
});
