import { describe, expect, it } from "vitest";
import { DEFAULT_POPUP_DELAY_SECONDS, popupDueInMs } from "./promo-popup";

describe("the offer popup's time", () => {
  it("is 2 seconds after the page's load, as the specification says, unless Settings say otherwise", () => {
    expect(DEFAULT_POPUP_DELAY_SECONDS).toBe(2);
    expect(popupDueInMs(DEFAULT_POPUP_DELAY_SECONDS * 1000, 0)).toBe(2_000);
  });

  it("counts from the load, not from when its code arrived: code a second late waits the second left", () => {
    expect(popupDueInMs(2_000, 1_000)).toBe(1_000);
    expect(popupDueInMs(2_000, 1_999)).toBe(1);
  });

  it("opens at once when its code comes after the delay, and never waits longer than the delay", () => {
    expect(popupDueInMs(2_000, 3_500)).toBe(0);
    expect(popupDueInMs(2_000, -50)).toBe(2_000);
    expect(popupDueInMs(0, 0)).toBe(0);
  });
});
