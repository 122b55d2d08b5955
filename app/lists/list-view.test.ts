import { describe, expect, it } from "vitest";
import { decodeKeysetCursor, decodeRowCursor, encodeKeysetCursor, filterHref, isFilteredView, listParam, pageHref, readListView, readPageCursors, readTableSort, sortHref } from "./list-view";

describe("table view in the URL", () => {
  it("reads an allowed sort, and falls back for an unknown column", () => {
    const fallback = { key: "created", direction: "desc" } as const;
    expect(readTableSort(new URLSearchParams("sort=name&dir=desc"), ["created", "name"], fallback)).toEqual({ key: "name", direction: "desc" });
    expect(readTableSort(new URLSearchParams("sort=password"), ["created", "name"], fallback)).toEqual(fallback);
  });

  it("toggles the direction of the current column and drops the cursor", () => {
    const params = new URLSearchParams("q=rosa&sort=name&dir=asc&after=abc");
    expect(sortHref(params, { key: "name", direction: "asc" }, "name")).toBe("?q=rosa&sort=name&dir=desc");
    expect(sortHref(params, { key: "name", direction: "asc" }, "email")).toBe("?q=rosa&sort=email&dir=asc");
  });

  it("keeps filters when paging and resets paging when filtering", () => {
    const params = new URLSearchParams("status=new&before=x");
    expect(pageHref(params, "after", "c1")).toBe("?status=new&after=c1");
    expect(filterHref(params, { status: null, tier: "2" })).toBe("?tier=2");
  });

  it("round-trips cursors and rejects tampered ones", () => {
    const cursor = { value: "Zoë, \"the\" planner", id: "0b5e0c1e-8f8e-4d6a-9d7e-2f0d1c2b3a4f" };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
    expect(decodeKeysetCursor(encodeKeysetCursor({ value: null, id: "x" }))).toEqual({ value: null, id: "x" });
    expect(decodeKeysetCursor("not-a-cursor")).toBeNull();
    expect(decodeKeysetCursor(null)).toBeNull();
  });

  it("reads a row cursor only when the database can compare it: a UUID id, and a time for a time sort", () => {
    const id = "0b5e0c1e-8f8e-4d6a-9d7e-2f0d1c2b3a4f";
    expect(decodeRowCursor(encodeKeysetCursor({ value: "2026-11-24T06:00:00.000Z", id }), true)).toEqual({ value: "2026-11-24T06:00:00.000Z", id });
    expect(decodeRowCursor(encodeKeysetCursor({ value: "2026-11-24", id: "x" }), true)).toBeNull();
    expect(decodeRowCursor(encodeKeysetCursor({ value: "yesterday", id }), true)).toBeNull();
    expect(decodeRowCursor(encodeKeysetCursor({ value: "Zoë", id }), false)).toEqual({ value: "Zoë", id });
  });
});

describe("a list's view read from its URL", () => {
  const spec = {
    filters: {
      q: listParam.search(),
      status: listParam.oneOf(["new", "contacted"] as const),
      layout: listParam.choice(["table", "board"] as const),
      clientId: listParam.recordId(),
      from: listParam.day(),
    },
    sort: { keys: ["created", "name"] as const, fallback: { key: "created", direction: "desc" } as const },
    notNarrowing: ["layout"] as const,
  };

  it("reads each filter by its schema, and the sort", () => {
    const view = readListView(
      new URLSearchParams("q=%20rosa%20&status=contacted&layout=board&clientId=0b5e0c1e-8f8e-4d6a-9d7e-2f0d1c2b3a4f&from=2026-02-28&sort=name&dir=asc"),
      spec,
    );
    expect(view).toEqual({
      q: "rosa",
      status: "contacted",
      layout: "board",
      clientId: "0b5e0c1e-8f8e-4d6a-9d7e-2f0d1c2b3a4f",
      from: "2026-02-28",
      sort: { key: "name", direction: "asc" },
    });
    expect(isFilteredView(view, spec)).toBe(true);
  });

  it("falls back to no filter for what a hand-edited link got wrong", () => {
    const view = readListView(new URLSearchParams(`q=${"x".repeat(300)}&status=deleted&layout=grid&clientId=1%20or%201=1&from=2026-02-30&sort=password`), spec);
    expect(view).toEqual({ q: "x".repeat(200), status: null, layout: "table", clientId: null, from: null, sort: { key: "created", direction: "desc" } });
    expect(isFilteredView(readListView(new URLSearchParams("layout=board"), spec), spec)).toBe(false);
  });

  it("reads a value of a known shape, and a day that exists", () => {
    const shaped = { filters: { type: listParam.matching(/^[a-z_]{1,20}$/), from: listParam.day() }, sort: spec.sort };
    expect(readListView(new URLSearchParams("type=booking_reminder&from=2028-02-29"), shaped)).toMatchObject({ type: "booking_reminder", from: "2028-02-29" });
    expect(readListView(new URLSearchParams("type=Robert');drop&from=2026-02-29"), shaped)).toMatchObject({ type: null, from: null });
    expect(readListView(new URLSearchParams("from=2026-13-01"), shaped)).toMatchObject({ type: null, from: null });
  });
});

describe("a list's page read from its URL", () => {
  it("is the cursor after or before which the page starts, none on page 1", () => {
    expect(readPageCursors(new URLSearchParams("q=ann&after=abc"))).toEqual({ after: "abc", before: null });
    expect(readPageCursors(new URLSearchParams("before=xyz"))).toEqual({ after: null, before: "xyz" });
    expect(readPageCursors(new URLSearchParams(""))).toEqual({ after: null, before: null });
  });
});
