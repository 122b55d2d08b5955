import { describe, expect, it } from "vitest";
import { hiddenColumnsSchema } from "./table-columns-form";
import { hiddenColumnsOf, isTableId, toggleHiddenColumn, visibleColumnIds } from "./table-columns";

const LEAD_COLUMNS = ["name", "email", "phone", "source", "tier", "status", "promoCode", "daysLeft", "promoStatus", "booking", "created", "actions"];

describe("which columns a table shows", () => {
  it("shows every column without a preference", () => {
    expect(visibleColumnIds("leads", LEAD_COLUMNS, [])).toEqual(LEAD_COLUMNS);
  });

  it("leaves out the hidden columns and keeps the order", () => {
    expect(visibleColumnIds("leads", LEAD_COLUMNS, ["phone", "booking"])).toEqual(
      LEAD_COLUMNS.filter((id) => id !== "phone" && id !== "booking"),
    );
  });

  it("never hides the first column nor the row actions, and ignores ids the table does not have", () => {
    expect(visibleColumnIds("leads", LEAD_COLUMNS, ["name", "actions", "payment", "nonsense"])).toEqual(LEAD_COLUMNS);
    expect(hiddenColumnsOf("leads", ["name", "actions", "payment", "email", "email"])).toEqual(["email"]);
  });

  it("reads a preference per table: a clients column means nothing to the leads list", () => {
    expect(hiddenColumnsOf("clients", ["payment", "promoCode"])).toEqual(["payment"]);
    expect(hiddenColumnsOf("leads", ["payment", "promoCode"])).toEqual(["promoCode"]);
  });

  it("toggles one column at a time, in the table's order", () => {
    expect(toggleHiddenColumn("leads", ["created"], "email", false)).toEqual(["email", "created"]);
    expect(toggleHiddenColumn("leads", ["email", "created"], "email", true)).toEqual(["created"]);
    expect(toggleHiddenColumn("leads", [], "name", false)).toEqual([]);
  });

  it("knows its tables", () => {
    expect(isTableId("leads")).toBe(true);
    expect(isTableId("toString")).toBe(false);
  });
});

describe("the Columns form", () => {
  it("reads one hidden column, several, or none", () => {
    expect(hiddenColumnsSchema.parse({ tableId: "leads", hidden: "email" })).toEqual({ tableId: "leads", hidden: ["email"] });
    expect(hiddenColumnsSchema.parse({ tableId: "clients", hidden: ["email", "payment"] }).hidden).toEqual(["email", "payment"]);
    expect(hiddenColumnsSchema.parse({ tableId: "leads" }).hidden).toEqual([]);
  });

  it("refuses an unknown table and a column that the table cannot hide", () => {
    expect(hiddenColumnsSchema.safeParse({ tableId: "invoices", hidden: "email" }).success).toBe(false);
    expect(hiddenColumnsSchema.safeParse({ tableId: "leads", hidden: "name" }).success).toBe(false);
    expect(hiddenColumnsSchema.safeParse({ tableId: "leads", hidden: ["email", "payment"] }).success).toBe(false);
  });
});
