import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is a single-process database: two processes on one data directory
 * lose committed rows without any error. So the first process takes an
 * exclusive lock (a file holding its pid) and a second one is refused.
 * A lock whose process is gone (killed, crashed) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another running process (pid ${holderPid}). ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of the process holding `dataDir`'s lock, if one is alive. */
export function dataDirHolder(dataDir: string): number | undefined {
  const holder = readHolder(path.join(dataDir, "app.lock"));
  return holder !== undefined && processIsAlive(holder) ? holder : undefined;
}

export type DataDirLock = { release(): void };

export function lockDataDir(dataDir: string, pid: number = process.pid): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "app.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx" fails if the file exists: creation is the atomic test-and-set.
      fs.writeFileSync(lockFile, String(pid), { flag: "wx" });
      return {
        release() {
          if (readHolder(lockFile) === pid) fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      if (holder === pid) return { release: () => fs.rmSync(lockFile, { force: true }) };
      if (holder !== undefined && processIsAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale: its process is gone. Rename away (atomic) so that only one
      // of two racing starters removes it, then try again.
      try {
        fs.renameSync(lockFile, `${lockFile}.stale-${pid}`);
        fs.rmSync(`${lockFile}.stale-${pid}`, { force: true });
      } catch {
        // Someone else took it over first; the next attempt will see theirs.
      }
    }
  }
  const holder = readHolder(lockFile);
  throw new DataDirLockedError(dataDir, holder ?? -1);
}
