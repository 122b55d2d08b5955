/**
 * A client's referral code, the `{code}` of their link `/?ref={code}`: 8 characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), so it can be read out or typed. 31^8 ≈ 8.5 × 10^11
 * codes, and the column is unique (a clash, about one in 10^11 per pair of clients, refuses the creation).
 */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

/** `randomIndex(n)` gives a uniform integer in [0, n): `crypto.randomInt` on the server. */
export function mintReferralCode(randomIndex: (size: number) => number): string {
  let code = "";
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) code += REFERRAL_CODE_ALPHABET[randomIndex(REFERRAL_CODE_ALPHABET.length)];
  return code;
}
