import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTouchParams } from "~/attribution/attribution";
import { mintReferralCode } from "./referral-code";

// A client's referral link is read by attribution (the first touch): every code minted here reads back.
describe("readTouchParams", () => {
  it("reads back every referral code a client is given, typed in any case", () => {
    for (let round = 0; round < 50; round += 1) {
      const code = mintReferralCode((size) => randomInt(size));
      expect(readTouchParams(new URLSearchParams({ ref: code.toLowerCase() }))?.ref).toBe(code);
    }
  });

});
