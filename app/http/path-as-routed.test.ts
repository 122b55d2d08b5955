import { describe, expect, it } from "vitest";
import { pathAsRouted } from "./path-as-routed";

describe("a path as the router matches it", () => {
  it("is one path whatever its case, its percent-encoding or its dot segments", () => {
    for (const spelling of ["/admin/clients", "/ADMIN/clients", "/Admin/Clients", "/%61dmin/clients", "/%41DMIN/clients", "/x/../admin/clients", "/admin/%2e/clients", "/admin/./clients"]) {
      expect(pathAsRouted(spelling), spelling).toBe("/admin/clients");
    }
    expect(pathAsRouted("/PORTAL/book")).toBe("/portal/book");
  });

  it("keeps what the router keeps apart: an encoded slash, a doubled slash, a malformed escape", () => {
    expect(pathAsRouted("/admin%2fclients")).toBe("/admin%2fclients");
    expect(pathAsRouted("//admin/clients")).toBe("//admin/clients");
    expect(pathAsRouted("/admin/%zz")).toBe("/admin/%zz");
  });
});
