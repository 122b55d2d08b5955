import { describe, expect, it } from "vitest";
import { activityResolutionMs, sessionActivity } from "./session-timeout";

const lastActive = new Date("2026-11-24T09:00:00Z");
const after = (ms: number) => new Date(lastActive.getTime() + ms);

describe("the idle session timeout", () => {
  it("ends a session idle as long as the timeout", () => {
    expect(sessionActivity(lastActive, 30, after(30 * 60_000))).toBe("idle");
    expect(sessionActivity(lastActive, 30, after(30 * 60_000 - 1))).toBe("record");
  });

  it("records activity at most once a minute, and more often for short timeouts", () => {
    expect(activityResolutionMs(30)).toBe(60_000);
    expect(activityResolutionMs(1)).toBe(6_000);
    expect(sessionActivity(lastActive, 30, after(59_000))).toBe("recent");
    expect(sessionActivity(lastActive, 30, after(60_000))).toBe("record");
    expect(sessionActivity(lastActive, 1, after(6_000))).toBe("record");
    expect(sessionActivity(lastActive, 1, after(5_999))).toBe("recent");
  });
});
