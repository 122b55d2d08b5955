import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { makeMigratedDataDir } from "../../support/migrated-data-dir";
import { launchBrowserServer } from "./browser";
import { prepareBrowserTemplate } from "./browser-template";

/**
 * The browser tests run the production build, as `npm start` does; each app starts on a copy of one
 * database migrated here (tonight's backup recorded as made, the signing certificate made), or of a scene written here into a copy
 * of it (scenes.ts), not on an empty one it would create and migrate itself. One Chromium serves
 * every file: each connects to it, and its contexts close when the file disconnects.
 */
export default async function setup(project: TestProject) {
  buildIfStale(path.resolve("."));
  const marketingOrigin = `http://127.0.0.1:${await portOutsideTheEphemeralRange()}`;
  // The scenes' e-mail links name the origin the unsubscribe file's app will listen on; this
  // process reads its configuration once, so it is set before the first read, and taken back
  // before the test files' processes (and their apps) inherit the environment.
  const publicUrl = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = marketingOrigin;
  const [migrated, chromium] = await Promise.all([makeMigratedDataDir(), launchBrowserServer()]);
  await prepareBrowserTemplate(migrated.dataDir);
  const { prepareScenes } = await import("../../support/scenes");
  const prepared = await prepareScenes(migrated.dataDir);
  if (publicUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = publicUrl;
  project.provide("migratedDataDir", migrated.dataDir);
  project.provide("browserEndpoint", chromium.wsEndpoint());
  project.provide("scenes", prepared.scenes);
  project.provide("marketingOrigin", marketingOrigin);
  return async () => {
    await chromium.close();
    prepared.remove();
    migrated.remove();
  };
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
