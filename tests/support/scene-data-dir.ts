import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { removedWithItsApp } from "../e2e/support/app-server";
import type { Scene, SceneName } from "./scenes";

/**
 * What a browser file needs of the scenes the run's global setup wrote (scenes.ts): a copy of one,
 * and the accounts they name. Kept apart from scenes.ts, which loads the app's services to write
 * them, so that a browser file does not load the app's modules to copy a directory.
 */

/** An admin besides the e2e one, for the tests about what one admin's choices do to another's. */
export const SECOND_ADMIN = { email: "second.admin@sistersite.test", password: "second-admin-password" };

/** The marketing mail's reader (the unsubscribe file). */
export const MARKETING_READER = "reader@example.test";

export type PreparedScene = { dataDir: string; scene: object };

declare module "vitest" {
  export interface ProvidedContext {
    /** Each scene's data directory and what it answered, written once per run (global setup). */
    scenes?: Record<string, PreparedScene>;
    /** The origin the marketing mail's links name, for the app that sends it. */
    marketingOrigin?: string;
  }
}

/**
 * A new data directory holding a copy of the scene's database, for this file's app to take, and
 * what the scene answered. The directory goes when the app started on it stops.
 */
export function sceneDataDir<Name extends SceneName>(name: Name): { dataDir: string; scene: Scene<Name> } {
  const prepared = inject("scenes")?.[name];
  if (!prepared) throw new Error(`The scene "${name}" was not prepared by the browser run's global setup`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agency-e2e-${name}-`));
  fs.cpSync(path.join(prepared.dataDir, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
  removedWithItsApp(dataDir);
  return { dataDir, scene: prepared.scene as Scene<Name> };
}
