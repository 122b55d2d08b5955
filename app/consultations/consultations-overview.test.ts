import { describe, expect, it } from "vitest";
import { overviewQuery, overviewTiles, readConsultationFilter } from "./consultations-overview";

describe("the consultations overview's rules", () => {
  it("reads an unknown filter as all", () => {
    expect(readConsultationFilter("nope")).toBe("all");
    expect(readConsultationFilter(null)).toBe("all");
    expect(readConsultationFilter("pending")).toBe("pending");
  });

  it("lists each kind of record only for the statuses it has", () => {
    expect(overviewQuery("all")).toEqual({ consultations: null, bookings: "all" });
    expect(overviewQuery("scheduled")).toEqual({ consultations: "scheduled", bookings: false });
    expect(overviewQuery("pending")).toEqual({ consultations: false, bookings: "pending" });
    expect(overviewQuery("confirmed")).toEqual({ consultations: false, bookings: "confirmed" });
    expect(overviewQuery("completed")).toEqual({ consultations: "completed", bookings: "completed" });
    expect(overviewQuery("cancelled")).toEqual({ consultations: "cancelled", bookings: "cancelled" });
  });

  it("counts upcoming as scheduled consultations and open bookings still ahead", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const tiles = overviewTiles(
      [{ status: "scheduled" }, { status: "completed" }, { status: "cancelled" }],
      [
        { status: "pending", selectedStart: new Date("2026-06-02T12:00:00Z") },
        { status: "confirmed", selectedStart: new Date("2026-05-30T12:00:00Z") },
        { status: "pending", selectedStart: null },
        { status: "completed", selectedStart: new Date("2026-05-01T12:00:00Z") },
        { status: "rescheduled", selectedStart: new Date("2026-06-03T12:00:00Z") },
      ],
      now,
    );
    expect(tiles).toEqual({ total: 8, completed: 2, upcoming: 2 });
  });
});
