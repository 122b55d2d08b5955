import { describe, expect, it } from "vitest";
import { inquiryPageHref } from "./inquiry-preset";
import { inquiryPresetFrom } from "./inquiry-preset.server";

describe("the inquiry page's address", () => {
  it("carries the tier and the promo flag, and nothing when there is no preset", () => {
    expect(inquiryPageHref({ tier: "1", promo: true })).toBe("/start-your-project?tier=1&promo=1");
    expect(inquiryPageHref({ tier: "catering" })).toBe("/start-your-project?tier=catering");
    expect(inquiryPageHref({})).toBe("/start-your-project");
  });

  it("reads back the preset it wrote", () => {
    for (const preset of [{ tier: "1", promo: true }, { tier: "rentals" }, {}] as const) {
      expect(inquiryPresetFrom(new URL(inquiryPageHref(preset), "http://x").searchParams)).toEqual(preset);
    }
  });

  it("ignores an unknown tier or flag instead of failing", () => {
    expect(inquiryPresetFrom(new URLSearchParams("tier=9&promo=yes"))).toEqual({});
    expect(inquiryPresetFrom(new URLSearchParams("tier=<script>&promo=1"))).toEqual({ promo: true });
  });
});
