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

  it("is named by the route's id, not by its tokens or ids", () => {
    expect(routeOf("/booking/secret-token")).toBe("booking/booking-page");
    expect(routeOf("/booking")).toBe("booking/booking-page");
    expect(routeOf("/invoice/secret/pdf")).toBe("invoices/public-invoice-pdf-route");
    expect(routeOf("/unsubscribe/secret")).toBe("email/unsubscribe-page");
    expect(routeOf("/admin/leads/3f1c2b9e")).toBe("leads/lead-detail-page");
    expect(routeOf("/")).toBe("site/home-page");
  });

  it("names a data request after its page", () => {
    expect(routeOf("/admin/leads.data")).toBe("leads/leads-page");
    expect(routeOf("/_root.data")).toBe("site/home-page");
  });

  it("lands an unknown path on the not-found route", () => {
    expect(routeOf("/no/such/page")).toBe("site/not-found-route");
  });
});
