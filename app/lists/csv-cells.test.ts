import { describe, expect, it } from "vitest";
import { csvCellText, csvFileName, neutraliseCsvCell } from "./csv-cells";

describe("neutraliseCsvCell", () => {
  it.each(["=SUM(A1:A2)", "+1 214 555 0100", "-2+3", "@cmd", "\t=1", "\r=1"])("prefixes %j with a quote", (value) => {
    expect(neutraliseCsvCell(value)).toBe(`'${value}`);
  });

  it.each(["Rosa Delgado", "rosa@example.com", "", " =not first", "1=1"])("leaves %j alone", (value) => {
    expect(neutraliseCsvCell(value)).toBe(value);
  });
});

describe("csvCellText", () => {
  it("writes empty cells for missing values, ISO dates, joined lists", () => {
    expect(csvCellText(null)).toBe("");
    expect(csvCellText(undefined)).toBe("");
    expect(csvCellText(new Date("2026-11-23T10:00:00.000Z"))).toBe("2026-11-23T10:00:00.000Z");
    expect(csvCellText(["$99_promo", "popup"])).toBe("$99_promo; popup");
    expect(csvCellText(42)).toBe("42");
  });

  it("neutralises strings and lists that start with a formula trigger", () => {
    expect(csvCellText("=HYPERLINK(\"x\")")).toBe("'=HYPERLINK(\"x\")");
    expect(csvCellText(["=1", "b"])).toBe("'=1; b");
  });

  it("names the file with the date", () => {
    expect(csvFileName("leads", "2026-11-23")).toBe("leads-2026-11-23.csv");
  });
});
