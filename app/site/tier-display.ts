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

/** The catalog's price range for search engines ("$99 - $1,000+"): the lowest price paid, the highest listed, "+" when a tier is quoted. */
export function priceRangeOf(tiers: readonly Pick<TierForDisplay, "priceCents" | "promoPriceCents" | "isCustomQuote">[]): string | null {
  if (tiers.length === 0) return null;
  const lowest = Math.min(...tiers.map((tier) => Math.min(tier.priceCents, tier.promoPriceCents ?? tier.priceCents)));
  const highest = Math.max(...tiers.map((tier) => tier.priceCents));
  return `${formatPrice(lowest)} - ${formatPrice(highest)}${tiers.some((tier) => tier.isCustomQuote) ? "+" : ""}`;
}
