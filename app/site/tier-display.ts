// How a package tier's price reads on the public pages. Pure.

export type TierForDisplay = {
  tier: string;
  name: string;
  tagline: string | null;
  priceCents: number;
  promoPriceCents: number | null;
  isCustomQuote: boolean;
  features: string[];
};

export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: cents % 100 === 0 ? 0 : 2 })}`;
}

/** The headline price, a note under it, and the struck-through regular price when a promo applies. */
export function tierPrice(tier: TierForDisplay): { headline: string; note: string; regular: string | null } {
  if (tier.isCustomQuote) return { headline: "Custom quote", note: `Projects from ${dollars(tier.priceCents)}`, regular: null };
  if (tier.promoPriceCents !== null && tier.promoPriceCents < tier.priceCents) {
    return { headline: dollars(tier.promoPriceCents), note: "with the launch offer, one-time", regular: dollars(tier.priceCents) };
  }
  return { headline: dollars(tier.priceCents), note: "one-time", regular: null };
}
