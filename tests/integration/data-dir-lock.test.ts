import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "~/db/data-dir-lock.server";

let dataDir: string;
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freshDataDir(): string {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-lock-"));
  return dataDir;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the data directory lock", () => {
  it("refuses a second process while the first one runs, and frees the directory on release", () => {
    const directory = freshDataDir();
    const first = lockDataDir(directory);
    // The test runner's parent process is alive and is not us: it stands for another app process.
    expect(() => lockDataDir(directory, process.ppid)).toThrow(DataDirLockedError);
    first.release();
    const second = lockDataDir(directory, process.ppid);
    expect(fs.readFileSync(path.join(directory, "app.lock"), "utf8")).toBe(String(process.ppid));
    second.release();
  });

  it("takes over a lock left by a process that died", () => {
    const directory = freshDataDir();
    fs.writeFileSync(path.join(directory, "app.lock"), String(deadPid()));
    const lock = lockDataDir(directory);
    expect(fs.readFileSync(path.join(directory, "app.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(directory, "app.lock"))).toBe(false);
  });

  it("names the directory and the holder in its message", () => {
    const directory = freshDataDir();
    const lock = lockDataDir(directory, process.ppid);
    expect(() => lockDataDir(directory)).toThrow(new RegExp(`in use by another running process \\(pid ${process.ppid}\\)`));
    lock.release();
  });
});
