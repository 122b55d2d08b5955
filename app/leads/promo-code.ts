// The launch-offer promo code (DESIGN.md "Promo code"): PREFIX-<base-36 time>-<4 random base-36>,
// uppercase. Pure, so the admin screens and tests can check the format too.

const RANDOM_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Makes a code; `randomIndex(n)` returns an integer in [0, n) (crypto-random on the server). */
export function mintPromoCode(prefix: string, now: Date, randomIndex: (size: number) => number): string {
  const time = now.getTime().toString(36).toUpperCase();
  let suffix = "";
  for (let index = 0; index < 4; index += 1) suffix += RANDOM_ALPHABET[randomIndex(RANDOM_ALPHABET.length)];
  return `${normalizePromoPrefix(prefix)}-${time}-${suffix}`;
}

/** A prefix from settings, made safe for a code: uppercase letters and digits only. */
export function normalizePromoPrefix(prefix: string): string {
  const cleaned = prefix.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return cleaned === "" ? "PROMO" : cleaned;
}

export const PROMO_CODE_PATTERN = /^[A-Z0-9]+-[0-9A-Z]+-[0-9A-Z]{4}$/;

export function isPromoCode(value: string): boolean {
  return PROMO_CODE_PATTERN.test(value);
}

/** Whole days from `now` until `expiresAt`, rounded up; 0 once expired. */
export function promoDaysLeft(expiresAt: Date, now: Date): number {
  const ms = expiresAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
