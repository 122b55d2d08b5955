// How a package tier's price reads on the public pages. Pure.
import { formatPrice } from "~/formatting/money";

export type TierForDisplay = {
  tier: string;
  name: string;
  tagline: string | null;
  priceCents: number;
  promoPriceCents: number | null;
  isCustomQuote: boolean;
  features: string[];
};

/** The headline price, a note under it, and the struck-through regular price when a promo applies. */
export function tierPrice(tier: TierForDisplay): { headline: string; note: string; regular: string | null } {
  if (tier.isCustomQuote) return { headline: "Custom quote", note: `Projects from ${formatPrice(tier.priceCents)}`, regular: null };
  if (tier.promoPriceCents !== null && tier.promoPriceCents < tier.priceCents) {
    return { headline: formatPrice(tier.promoPriceCents), note: "with the launch offer, one-time", regular: formatPrice(tier.priceCents) };
  }
  return { headline: formatPrice(tier.priceCents), note: "one-time", regular: null };
}
