import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTouchParams } from "~/attribution/attribution";
import { mintReferralCode, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "./referral-code";

describe("mintReferralCode", () => {
  it("makes 8 characters of the alphabet", () => {
    for (let round = 0; round < 50; round += 1) {
      const code = mintReferralCode((size) => randomInt(size));
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect([...code].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
    }
  });

  it("uses the random source for every character", () => {
    expect(mintReferralCode(() => 0)).toBe("22222222");
    expect(mintReferralCode((size) => size - 1)).toBe("ZZZZZZZZ");
  });
});

// A client's referral link is read by attribution (the first touch): every code minted here reads back.
describe("readTouchParams", () => {
  it("reads back every referral code a client is given, typed in any case", () => {
    for (let round = 0; round < 50; round += 1) {
      const code = mintReferralCode((size) => randomInt(size));
      expect(readTouchParams(new URLSearchParams({ ref: code.toLowerCase() }))?.ref).toBe(code);
    }
  });
});
