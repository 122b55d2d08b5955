import { describe, expect, it } from "vitest";
import { isTimeZone, readRememberedZone, rememberedZoneValue, validTimeZone, VISITOR_ZONE_COOKIE, zoneName } from "./time-zones";

describe("the zone a person reads times in", () => {
  it("knows IANA zones and nothing else", () => {
    for (const zone of ["America/Chicago", "Asia/Tokyo", "UTC", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["", "Mars/Olympus", "America/Chicago; path=/", "../etc/passwd", "x".repeat(65), "<script>"]) expect(isTimeZone(zone), zone).toBe(false);
    expect(validTimeZone(undefined)).toBeUndefined();
    expect(validTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });

  it("reads back the cookie it writes, chosen or the browser's", () => {
    for (const remembered of [
      { zone: "America/Chicago", chosen: false },
      { zone: "Europe/Paris", chosen: true },
      { zone: "Etc/GMT+5", chosen: true },
    ]) {
      const header = `other=1; ${VISITOR_ZONE_COOKIE}=${rememberedZoneValue(remembered)}; last=2`;
      expect(readRememberedZone(header)).toEqual(remembered);
    }
  });

  it("reads nothing from a missing, foreign or altered cookie", () => {
    for (const header of [null, "", "other=auto%3AAmerica%2FChicago", `${VISITOR_ZONE_COOKIE}=America%2FChicago`, `${VISITOR_ZONE_COOKIE}=auto%3AMars%2FOlympus`, `${VISITOR_ZONE_COOKIE}=%E0%A4%A`, `${VISITOR_ZONE_COOKIE}=picked%3AUTC`]) {
      expect(readRememberedZone(header), String(header)).toBeNull();
    }
  });

  it("writes a zone as a reader reads it", () => {
    expect(zoneName("America/Los_Angeles")).toBe("America/Los Angeles");
  });
});
