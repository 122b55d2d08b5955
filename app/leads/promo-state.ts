import type { PromoStatus } from "./lead-options";

/**
 * A promo's state at an instant (DESIGN.md): used once an invoice applied it,
 * disabled by an admin, expired the moment its expiry passes (whether or not
 * the sweep job has written `expired` yet), otherwise active. Pure, so the
 * list, the detail, the resend rule and the sweep all agree.
 */
export type PromoFields = {
  promoCode: string | null;
  promoStatus: PromoStatus | null;
  promoExpiresAt: Date | string | null;
};

export function promoStateAt(promo: PromoFields, instant: Date): PromoStatus | null {
  if (!promo.promoCode) return null;
  if (promo.promoStatus === "used") return "used";
  if (promo.promoStatus === "disabled") return "disabled";
  if (promo.promoStatus === "expired") return "expired";
  if (promo.promoExpiresAt && new Date(promo.promoExpiresAt).getTime() <= instant.getTime()) return "expired";
  return "active";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left, rounded up (23 hours left is "1 day"); 0 once expired. */
export function promoDaysLeft(expiresAt: Date | string, instant: Date): number {
  const remaining = new Date(expiresAt).getTime() - instant.getTime();
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}

export type DaysLeftColour = "red" | "yellow" | "green";

/** The spec: red at 2 or fewer, yellow at 4 or fewer, green otherwise. */
export function daysLeftColour(daysLeft: number): DaysLeftColour {
  if (daysLeft <= 2) return "red";
  if (daysLeft <= 4) return "yellow";
  return "green";
}

export const PROMO_EXTENSION = { min: 1, max: 90, default: 7 } as const;

/**
 * The new expiry when an admin extends by `days`: from the current expiry if it
 * is still ahead, else from now, so extending a lapsed code gives it `days` more.
 */
export function extendedPromoExpiry(currentExpiry: Date | null, days: number, instant: Date): Date {
  const from = currentExpiry && currentExpiry.getTime() > instant.getTime() ? currentExpiry : instant;
  return new Date(from.getTime() + days * DAY_MS);
}

/** Why a promo e-mail may not be (re)sent now, or null when it may. */
export function promoResendRefusal(promo: PromoFields, instant: Date): string | null {
  const state = promoStateAt(promo, instant);
  if (state === null) return "This lead has no promo code.";
  if (state === "expired") return "This promo code has expired. Extend it in Edit Promo before resending.";
  if (state === "disabled") return "This promo code is disabled. Enable it in Edit Promo before resending.";
  if (state === "used") return "This promo code has already been used on an invoice.";
  return null;
}
