import fs from "node:fs";
import path from "node:path";
import { config } from "~/config.server";
import { logger } from "~/logging/logger.server";

/** Where uploads are written and checked before anything uses them: inside DATA_DIR, so a restore's swap is a rename. */
export function scratchRoot(): string {
  return path.join(config().dataDir, "scratch");
}

export type ScratchFolder = { path: string; dispose(): Promise<void> };

/** A new, empty folder of its own under the scratch root; `dispose` removes it and all it holds. */
export async function makeScratchFolder(purpose: string): Promise<ScratchFolder> {
  const root = scratchRoot();
  await fs.promises.mkdir(root, { recursive: true });
  const folder = await fs.promises.mkdtemp(path.join(root, `${purpose}-`));
  return { path: folder, dispose: () => fs.promises.rm(folder, { recursive: true, force: true }) };
}

/** Older than any upload may take: what a stopped process left behind. */
const LEFT_BEHIND_AFTER_MS = 60 * 60_000;

/**
 * Removes scratch folders a stopped process left (a crash in the middle of an upload). Only old
 * ones: other processes on this machine may share DATA_DIR (PostgreSQL) and be reading an upload now.
 */
export async function clearLeftBehindScratch(now = Date.now()): Promise<number> {
  const root = scratchRoot();
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const folder = path.join(root, name);
    const stat = await fs.promises.stat(folder).catch(() => null);
    if (!stat || now - stat.mtimeMs < LEFT_BEHIND_AFTER_MS) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  if (removed > 0) logger.info({ removed }, "removed scratch folders left by a stopped process");
  return removed;
}
