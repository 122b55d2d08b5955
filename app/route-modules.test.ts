import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Route modules (the files app/routes.ts lists) stay thin: parse, call one service function per
 * intent, answer; dialogs, tables and panels live in their own files beside the route.
 */
const MAX_LINES = 250;

/**
 * Route modules still over the limit, each until it is split. Remove a line when its module is
 * thin; never add one. (The test also fails when a listed module is already under the limit.)
 */
const KNOWN_OVER: readonly string[] = [
  "booking/booking-page.tsx",
  "leads/leads-page.tsx",
  "leads/lead-detail-page.tsx",
  "clients/clients-page.tsx",
  "clients/client-detail-page.tsx",
  "availability/availability-page.tsx",
  "consultations/consultations-page.tsx",
  "consultations/bookings-page.tsx",
];

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
      .filter((file) => !KNOWN_OVER.includes(file))
      .filter((file) => lineCount(file) > MAX_LINES)
      .map((file) => `${file}: ${lineCount(file)} lines`);
    expect(over, `Split these route modules (dialogs, tables, panels into their own files):`).toEqual([]);
  });

  it("list no module as over the limit once it is not (empty the list as modules are split)", () => {
    const modules = routeModules();
    const stale = KNOWN_OVER.filter((file) => !modules.includes(file) || lineCount(file) <= MAX_LINES);
    expect(stale, "Remove these from KNOWN_OVER:").toEqual([]);
  });
});
