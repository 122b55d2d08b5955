import { describe, expect, it } from "vitest";
import { dayIn, formatClockTime } from "~/formatting/dates";
import { decodeOfferedDays, encodeOfferedDays, offeredKeys, parseSlotKey, slotKey, slotKeyOf, startTimeOf } from "./offered-days";
import { groupByVisitorDate } from "./slot-time";

const NY = "America/New_York";
const slot = (date: string, startTime: string) => ({ date, startTime });

describe("the compact form of offered times", () => {
  it("writes each day once with its minutes, in order, a time offered twice once", () => {
    const encoded = encodeOfferedDays([
      slot("2026-03-10", "09:00:00"),
      slot("2026-03-09", "10:30:00"),
      slot("2026-03-09", "09:00:00"),
      slot("2026-03-09", "09:00:00"), // another slot at the same start (a longer one): one time to choose
    ]);
    expect(encoded).toBe("2026-03-09:540,630;2026-03-10:540");
    expect(encodeOfferedDays([])).toBe("");
    expect(decodeOfferedDays("", NY)).toEqual([]);
  });

  it("decodes into the instants the server's own conversion gives, earliest first, each with its key", () => {
    expect(decodeOfferedDays("2026-03-09:540,630;2026-01-15:540", NY)).toEqual([
      { key: "2026-01-15/540", start: "2026-01-15T14:00:00.000Z" }, // EST
      { key: "2026-03-09/540", start: "2026-03-09T13:00:00.000Z" }, // EDT
      { key: "2026-03-09/630", start: "2026-03-09T14:30:00.000Z" },
    ]);
  });

  it("on the business zone's spring-forward day, leaves out a time in the gap", () => {
    // 8 March 2026 in New York: 02:00-03:00 does not exist.
    const times = decodeOfferedDays(encodeOfferedDays([slot("2026-03-08", "01:00:00"), slot("2026-03-08", "02:30:00"), slot("2026-03-08", "03:00:00")]), NY);
    expect(times).toEqual([
      { key: "2026-03-08/60", start: "2026-03-08T06:00:00.000Z" },
      { key: "2026-03-08/180", start: "2026-03-08T07:00:00.000Z" },
    ]);
  });

  it("on the business zone's fall-back day, reads a repeated time as its first occurrence", () => {
    const times = decodeOfferedDays("2026-11-01:60,90,120", NY);
    expect(times.map((time) => time.start)).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-01T07:00:00.000Z"]);
  });

  it("shows times on the visitor's own days across the visitor's DST change", () => {
    // London starts summer time at 01:00 UTC on 29 March 2026, three weeks after New York.
    const times = decodeOfferedDays("2026-03-28:1170,1230,1260", NY); // 19:30, 20:30, 21:00 EDT
    expect(times.map((time) => time.start)).toEqual(["2026-03-28T23:30:00.000Z", "2026-03-29T00:30:00.000Z", "2026-03-29T01:00:00.000Z"]);
    const london = "Europe/London";
    expect(times.map((time) => formatClockTime(time.start, london))).toEqual(["11:30 pm", "12:30 am", "2:00 am"]);
    const byDay = groupByVisitorDate(times, london);
    expect([...byDay.keys()]).toEqual(["2026-03-28", "2026-03-29"]);
    expect(byDay.get("2026-03-29")?.map((time) => time.key)).toEqual(["2026-03-28/1230", "2026-03-28/1260"]);
  });

  it("keeps midnight and the last half hour of a day, and the window's last day, on the right visitor days", () => {
    // The window's last day is New Year's Eve: its 23:30 is already 1 January in Tokyo.
    const encoded = encodeOfferedDays([slot("2026-12-30", "00:00:00"), slot("2026-12-31", "00:00:00"), slot("2026-12-31", "23:30:00")]);
    expect(encoded).toBe("2026-12-30:0;2026-12-31:0,1410");
    const times = decodeOfferedDays(encoded, NY);
    expect(times.map((time) => [time.key, dayIn(time.start, NY), formatClockTime(time.start, NY)])).toEqual([
      ["2026-12-30/0", "2026-12-30", "12:00 am"],
      ["2026-12-31/0", "2026-12-31", "12:00 am"],
      ["2026-12-31/1410", "2026-12-31", "11:30 pm"],
    ]);
    expect([...groupByVisitorDate(times, "Asia/Tokyo").keys()]).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("leaves out what is malformed rather than failing", () => {
    expect(offeredKeys("2026-03-09:540,x,1440,-30,;2026-02-30:540;nonsense;2026-03-10:")).toEqual([{ date: "2026-03-09", minute: 540 }]);
  });
});

describe("slot keys", () => {
  it("name a time by its business-local day and minute, as posted", () => {
    expect(slotKey({ date: "2026-03-09", minute: 540 })).toBe("2026-03-09/540");
    expect(slotKeyOf({ date: "2026-03-09", startTime: "09:00:00" })).toBe("2026-03-09/540");
    expect(parseSlotKey("2026-03-09/540")).toEqual({ date: "2026-03-09", minute: 540 });
    expect(parseSlotKey("2026-03-09/0")).toEqual({ date: "2026-03-09", minute: 0 });
    expect(startTimeOf({ date: "2026-03-09", minute: 1410 })).toBe("23:30:00");
  });

  it("refuse anything altered: no calendar day, no minute of a day, extra text", () => {
    for (const key of ["2026-02-30/540", "2026-13-01/540", "2026-03-09/1440", "2026-03-09/-5", "2026-03-09/5.5", "2026-3-9/540", "2026-03-09/540x", " 2026-03-09/540", "2026-03-09", "", "3f0e-uuid"]) {
      expect(parseSlotKey(key)).toBeNull();
    }
  });
});
