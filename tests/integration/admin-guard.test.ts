import { describe, expect, it } from "vitest";
import { importRoute, ROUTE_TABLE } from "../support/route-table";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const adminRoutes = ROUTE_TABLE.filter((route) => route.path.startsWith("/admin"));
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

  // One signed-in non-admin for every route: signing in costs two password hashes (~0.3 s here),
  // and each test starts on an emptied database, so a test per route would sign in once each.
  it("sends a signed-in non-admin to / from every admin route", async () => {
    const { cookie } = await signedInCookie({ admin: false });
    for (const route of adminRoutes) {
      const module = await importRoute(route.file);
      const url = `http://localhost${samplePath(route.path)}`;
      for (const handler of [module.loader, module.action]) {
        if (!handler) continue;
        const method = handler === module.action ? "POST" : "GET";
        const request = new Request(url, { method, headers: { Cookie: cookie } });
        const response = await outcome(() => handler({ request, params: {}, context: {} }));
        expect.soft(response.headers.get("Location"), `${method} ${route.path} (${route.file})`).toBe("/");
      }
    }
  });
});
