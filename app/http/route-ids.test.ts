import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routeIdFinder, type ManifestRoute } from "./route-ids";

// The shape of the server build's manifest for a few of app/routes.ts's routes.
const manifest: Record<string, ManifestRoute> = {
  root: { id: "root", path: "" },
  "site/site-layout": { id: "site/site-layout", parentId: "root" },
  "site/home-page": { id: "site/home-page", parentId: "site/site-layout", index: true },
  "email/unsubscribe-page": { id: "email/unsubscribe-page", parentId: "site/site-layout", path: "unsubscribe/:token" },
  "site/not-found-route": { id: "site/not-found-route", parentId: "site/site-layout", path: "*" },
  "booking/booking-page": { id: "booking/booking-page", parentId: "root", path: "booking/:token?" },
  "invoices/public-invoice-pdf-route": { id: "invoices/public-invoice-pdf-route", parentId: "root", path: "invoice/:token/pdf" },
  "admin/admin-layout": { id: "admin/admin-layout", parentId: "root", path: "admin" },
  "leads/leads-page": { id: "leads/leads-page", parentId: "admin/admin-layout", path: "leads" },
  "leads/lead-detail-page": { id: "leads/lead-detail-page", parentId: "admin/admin-layout", path: "leads/:leadId" },
};

describe("the route a request lands on", () => {
  const routeOf = routeIdFinder(manifest);

  /** Each path and the id of the route it lands on. */
  function expectRoutes(routeIds: Record<string, string>) {
    for (const [path, routeId] of Object.entries(routeIds)) expect(routeOf(path)).toBe(routeId);
  }

  it("is named by the route's id, not by its tokens or ids", () => {
    expectRoutes({
      "/booking/secret-token": "booking/booking-page",
      "/booking": "booking/booking-page",
      "/invoice/secret/pdf": "invoices/public-invoice-pdf-route",
      "/unsubscribe/secret": "email/unsubscribe-page",
      "/admin/leads/3f1c2b9e": "leads/lead-detail-page",
      "/": "site/home-page",
    });
  });

  it("names a data request after its page", () => {
    expectRoutes({ "/admin/leads.data": "leads/leads-page", "/_root.data": "site/home-page" });
  });

  it("lands an unknown path on the not-found route", () => {
    expect(routeOf("/no/such/page")).toBe("site/not-found-route");
  });
});

describe("the route tables given to React Router's matching", () => {
  // Routes that compete for a path's first segment: a parameter at the top, an optional static
  // segment, a case-sensitive one, a static one beside a layout's child of the same name.
  const competing: Record<string, ManifestRoute> = {
    ...manifest,
    "site/page-by-slug": { id: "site/page-by-slug", parentId: "site/site-layout", path: ":slug" },
    "site/docs": { id: "site/docs", parentId: "site/site-layout", path: "docs?/:page" },
    "site/exact-case": { id: "site/exact-case", parentId: "site/site-layout", path: "Exact/:id", caseSensitive: true },
    "site/admin-help": { id: "site/admin-help", parentId: "site/site-layout", path: "admin/help" },
    // Competing for the second segment: a parameter beside static names, an optional segment
    // that shifts the ones after it, and a splat.
    "admin/section": { id: "admin/section", parentId: "admin/admin-layout", path: ":section/overview" },
    "admin/reports": { id: "admin/reports", parentId: "admin/admin-layout", path: "reports?/:year" },
    "admin/files": { id: "admin/files", parentId: "admin/admin-layout", path: "files/*" },
  };

  /** React Router's own answer over the whole table, as the finder gave it before. */
  function wholeTable(routes: Record<string, ManifestRoute>): (pathname: string) => string | undefined {
    const all = Object.values(routes);
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((route) => route.parentId === parentId)
        .map((route): RouteObject =>
          route.index
            ? { id: route.id, index: true, path: route.path }
            : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
        );
    const tree = childrenOf(undefined);
    return (pathname) => matchRoutes(tree, pathname.replace(/\.data$/, ""))?.at(-1)?.route.id;
  }

  it("land every path where the whole table lands it", () => {
    const routeOf = routeIdFinder(competing);
    const reference = wholeTable(competing);
    const paths = [
      "/", "/booking", "/booking/abc", "/BOOKING/abc", "/bo%6Fking/abc", "/pricing", "/docs/intro", "/intro",
      "/Exact/1", "/exact/1", "/admin", "/admin/help", "/admin/leads", "/admin/leads/1", "/admin/leads.data",
      "/invoice/t/pdf", "/invoice/t", "/unsubscribe/t", "/no/such/page", "//double", "/booking/a/b",
      "/admin/LEADS", "/admin/le%61ds/7", "/admin/leads/overview", "/admin/other/overview", "/admin/reports/2026",
      "/admin/2026", "/admin/files", "/admin/files/a/b/c", "/admin/help/more", "/admin/nothing",
    ];
    // Twice: the second answer is the one kept for the path.
    for (const path of [...paths, ...paths]) expect({ path, route: routeOf(path) }).toEqual({ path, route: reference(path) });
    expect(routeOf("/pricing")).toBe("site/page-by-slug");
    expect(routeOf("/docs/intro")).toBe("site/docs");
    expect(routeOf("/admin/other/overview")).toBe("admin/section");
    expect(routeOf("/admin/2026")).toBe("admin/reports");
    expect(routeOf("/admin/files/a/b/c")).toBe("admin/files");
  });
});
