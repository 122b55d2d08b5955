import { readListView } from "~/lists/list-view";
import { describe, expect, it } from "vitest";
import { dayRangeInstants, AUDIT_LOG_VIEW } from "./audit-log-view";

describe("the audit log page's view", () => {
  it("reads its filters and drops malformed ones", () => {
    expect(readListView(new URLSearchParams("actor=abc123&domain=email_template&type=client&from=2026-11-01&to=nope&record=1%20or%201"), AUDIT_LOG_VIEW)).toEqual({
      actor: "abc123",
      domain: "email_template",
      type: "client",
      record: null,
      from: "2026-11-01",
      to: null,
      sort: { key: "when", direction: "desc" },
    });
  });

  it("turns a day range into instants of the business time zone", () => {
    expect(dayRangeInstants("2026-11-01", "2026-11-01", "America/New_York")).toEqual({
      since: new Date("2026-11-01T04:00:00Z"),
      // The day after, 1 November, is when New York leaves summer time.
      before: new Date("2026-11-02T05:00:00Z"),
    });
  });
});
