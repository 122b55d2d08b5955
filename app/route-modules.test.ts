import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Route modules (the files app/routes.ts lists) stay thin: parse, call one service function per
 * intent, answer; dialogs, tables and panels live in their own files beside the route.
 */
const MAX_LINES = 250;

const appDir = path.resolve(import.meta.dirname);

function routeModules(): string[] {
  const routes = readFileSync(path.join(appDir, "routes.ts"), "utf8");
  return [...new Set([...routes.matchAll(/"([\w./-]+\.tsx?)"/g)].map((match) => match[1]!))];
}

function lineCount(file: string): number {
  return readFileSync(path.join(appDir, file), "utf8").trimEnd().split("\n").length;
}

describe("route modules", () => {
  it("are read from app/routes.ts", () => {
    expect(routeModules()).toContain("site/home-page.tsx");
  });

  it(`stay within ${MAX_LINES} lines`, () => {
    const over = routeModules()
      .filter((file) => lineCount(file) > MAX_LINES)
      .map((file) => `${file}: ${lineCount(file)} lines`);
    expect(over, `Split these route modules (dialogs, tables, panels into their own files):`).toEqual([]);
  });

});
