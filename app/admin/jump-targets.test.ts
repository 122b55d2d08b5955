import { describe, expect, it } from "vitest";
import { JUMP_PAGES, matchPages } from "./jump-targets";

describe("the pages Ctrl+K jumps to", () => {
  it("lists every page of the navigation, the bookings page included, with none twice", () => {
    const hrefs = JUMP_PAGES.map((page) => page.href);
    for (const href of ["/admin", "/admin/leads", "/admin/bookings", "/admin/settings", "/admin/projects/new"]) expect(hrefs).toContain(href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("finds pages by the start of their name first, then by what they are for, whatever the case", () => {
    expect(matchPages("inv").map((page) => page.label)).toEqual(["Invoices", "New Invoice"]);
    expect(matchPages("BACKUP").map((page) => page.href)).toEqual(["/admin/settings/data"]);
    expect(matchPages("new proj").map((page) => page.href)).toEqual(["/admin/projects/new"]);
    expect(matchPages("zzz")).toEqual([]);
    expect(matchPages("  ")).toHaveLength(JUMP_PAGES.length);
  });
});
