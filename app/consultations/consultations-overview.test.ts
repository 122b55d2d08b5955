import { readListView } from "~/lists/list-view";
import { describe, expect, it } from "vitest";
import { CONSULTATION_LIST_VIEW } from "./consultation-list-view";
import { overviewQuery, overviewTiles } from "./consultations-overview";

describe("the consultations overview's rules", () => {
  it("reads the page's view from its URL: an unknown filter or tab is none, the scheduled tab", () => {
    const view = (query: string) => readListView(new URLSearchParams(query), CONSULTATION_LIST_VIEW);
    expect(view("status=nope&tab=nope")).toMatchObject({ q: "", status: null, tab: "scheduled", sort: { key: "date", direction: "desc" } });
    expect(view("status=pending&tab=invitations&q=%20Ana%20")).toMatchObject({ q: "Ana", status: "pending", tab: "invitations" });
  });

  it("lists each kind of record only for the statuses it has", () => {
    expect(overviewQuery(null)).toEqual({ consultations: null, bookings: null });
    expect(overviewQuery("scheduled")).toEqual({ consultations: "scheduled", bookings: false });
    expect(overviewQuery("pending")).toEqual({ consultations: false, bookings: "pending" });
    expect(overviewQuery("confirmed")).toEqual({ consultations: false, bookings: "confirmed" });
    expect(overviewQuery("completed")).toEqual({ consultations: "completed", bookings: "completed" });
    expect(overviewQuery("cancelled")).toEqual({ consultations: "cancelled", bookings: "cancelled" });
  });

  it("counts upcoming as scheduled consultations and open bookings still ahead, over both kinds", () => {
    expect(overviewTiles({ total: 3, completed: 1, scheduled: 1 }, { total: 5, completed: 1, upcoming: 1 })).toEqual({ total: 8, completed: 2, upcoming: 2 });
  });
});
