import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
};

/**
 * Every route of the table with its full URL pattern. A pathless layout takes
 * its children's common path when they share one (so the admin layout counts as admin).
 */
function flatten(entries: RouteConfigEntry[], parentPath = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const ownPath = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, "/") : parentPath;
    const children = flatten(entry.children ?? [], ownPath);
    const underAdmin = children.length > 0 && children.every((child) => child.path.startsWith("/admin"));
    const path = !entry.path && underAdmin ? "/admin" : ownPath || "/";
    return [{ path, file: entry.file }, ...children];
  });
}

const modules = import.meta.glob<RouteModule>("../../app/**/*.{ts,tsx}");

async function importRoute(file: string): Promise<RouteModule> {
  const load = modules[`../../app/${file}`];
  if (!load) throw new Error(`Route module not found: ${file}`);
  return load();
}

const adminRoutes = flatten(routes).filter((route) => route.path.startsWith("/admin"));
const samplePath = (path: string) => path.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");

async function outcome(call: () => unknown): Promise<Response> {
  try {
    const result = await call();
    throw new Error(`Expected a redirect, got ${JSON.stringify(result)?.slice(0, 200)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the admin guard", () => {
  it("covers every admin route of the table", () => {
    expect(adminRoutes.length).toBeGreaterThan(1);
  });

  it.each(adminRoutes)("$path ($file) refuses a visitor without a session (to /auth)", async (route) => {
    const module = await importRoute(route.file);
    const url = `http://localhost${samplePath(route.path)}`;
    for (const handler of [module.loader, module.action]) {
      if (!handler) continue;
      const method = handler === module.action ? "POST" : "GET";
      const response = await outcome(() => handler({ request: new Request(url, { method }), params: {}, context: {} }));
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("Location") ?? "", "http://localhost").pathname).toBe("/auth");
    }
  });

  it.each(adminRoutes)("$path ($file) sends a signed-in non-admin to /", async (route) => {
    const module = await importRoute(route.file);
    const { cookie } = await signedInCookie({ admin: false });
    const url = `http://localhost${samplePath(route.path)}`;
    for (const handler of [module.loader, module.action]) {
      if (!handler) continue;
      const method = handler === module.action ? "POST" : "GET";
      const request = new Request(url, { method, headers: { Cookie: cookie } });
      const response = await outcome(() => handler({ request, params: {}, context: {} }));
      expect(response.headers.get("Location")).toBe("/");
    }
  });
});
