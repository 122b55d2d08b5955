import fs from "node:fs";
import path from "node:path";
import { makeMigratedDataDir } from "../../support/migrated-data-dir";
import type { PreparedScene } from "../../support/scene-data-dir";
import { prepareBrowserTemplate } from "./browser-template";

/**
 * What the browser files start from, made once per run: the migrated database every app starts on
 * a copy of (tonight's backup recorded as made, the signing certificate made), each scene written
 * into a copy of it (scenes.ts), and the origin the marketing mail's links name.
 */
export type BrowserData = { migratedDataDir: string; scenes: Record<string, PreparedScene>; marketingOrigin: string };

/** The file `npm test` has it written to while the database suites run (prepare-browser-data.ts). */
const MANIFEST = "browser-data.json";

/** Makes the browser files' data, in this process: about 20 s of one core. */
export async function prepareBrowserData(): Promise<BrowserData & { remove(): void }> {
  const marketingOrigin = `http://127.0.0.1:${await portOutsideTheEphemeralRange()}`;
  // The scenes' e-mail links name the origin the unsubscribe file's app will listen on; this
  // process reads its configuration once, so it is set before the first read, and taken back
  // before the test files' processes (and their apps) inherit the environment.
  const publicUrl = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = marketingOrigin;
  try {
    const migrated = await makeMigratedDataDir();
    await prepareBrowserTemplate(migrated.dataDir);
    const { prepareScenes } = await import("../../support/scenes");
    const prepared = await prepareScenes(migrated.dataDir);
    return {
      migratedDataDir: migrated.dataDir,
      scenes: prepared.scenes,
      marketingOrigin,
      remove() {
        prepared.remove();
        migrated.remove();
      },
    };
  } finally {
    if (publicUrl === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = publicUrl;
  }
}

export function writeBrowserData(folder: string, data: BrowserData): void {
  const { migratedDataDir, scenes, marketingOrigin } = data;
  fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify({ migratedDataDir, scenes, marketingOrigin }));
}

/** The data a process before this run made in `folder` (BROWSER_DATA_DIR), if it finished. */
export function readBrowserData(folder: string | undefined): BrowserData | undefined {
  if (!folder) return undefined;
  const manifest = path.join(folder, MANIFEST);
  return fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, "utf8")) as BrowserData) : undefined;
}

/**
 * A free port below Linux's ephemeral range (32768–60999), for an app that must listen on a port
 * chosen before it starts: the other files' apps take ephemeral ports (port 0), so none takes this.
 */
async function portOutsideTheEphemeralRange(): Promise<number> {
  const net = await import("node:net");
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
