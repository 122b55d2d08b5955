import { describe, expect, it } from "vitest";
import { nextCallOf } from "./next-call";

const NY = "America/New_York";
const NOW = new Date("2026-03-02T13:00:00Z"); // 08:00 in New York

describe("a client's next call", () => {
  const booking = (id: string, status: string, start: string | null) => ({ id, status, selectedStart: start, meetingLink: null });
  const consultation = (id: string, status: string, date: string | null, time: string | null) => ({ id, status, consultType: "follow-up", scheduledDate: date, scheduledStartTime: time, meetingLink: null });

  it("is the soonest call still on, booked or scheduled, from now on", () => {
    const next = nextCallOf(
      [booking("past", "confirmed", "2026-03-01T15:00:00Z"), booking("later", "pending", "2026-03-05T15:00:00Z"), booking("cancelled", "cancelled", "2026-03-03T15:00:00Z")],
      [consultation("soon", "scheduled", "2026-03-04", "09:00:00"), consultation("done", "completed", "2026-03-03", "09:00:00")],
      NOW,
      NY,
    );
    expect(next).toMatchObject({ kind: "consultation", id: "soon", title: "Follow-up consultation", start: new Date("2026-03-04T14:00:00Z") });
  });

  it("reads a consultation's day and time in the business zone, and an undated one is no call", () => {
    const today = nextCallOf([], [consultation("today", "scheduled", "2026-03-02", "10:00:00"), consultation("undated", "scheduled", null, null)], NOW, NY);
    expect(today?.start.toISOString()).toBe("2026-03-02T15:00:00.000Z");
    // Earlier today (07:00 in New York) is over.
    expect(nextCallOf([], [consultation("early", "scheduled", "2026-03-02", "07:00:00")], NOW, NY)).toBeNull();
  });

  it("is none without calls ahead", () => {
    expect(nextCallOf([booking("unbooked", "pending", null)], [], NOW, NY)).toBeNull();
  });
});
