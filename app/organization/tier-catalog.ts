// The package-tier catalog (DESIGN.md, "Tiers" ruling). Pure: read by the
// public pages, the back-office and the seed. The live catalog is the editable
// `package_tiers` table; this module is what that table starts with.
import { formatPrice } from "~/formatting/money";

export const TIER_IDS = ["1", "2", "3", "4"] as const;
export type TierId = (typeof TIER_IDS)[number];

export type TierCatalogEntry = {
  tier: TierId;
  name: string;
  tagline: string;
  /** Regular one-time price, integer cents. For custom-quote tiers, the "from" price. */
  priceCents: number;
  /** Price with the launch promo (applies when an invoice carries a promo code). */
  promoPriceCents: number | null;
  /** Shown publicly as "Custom quote" instead of a fixed price. */
  isCustomQuote: boolean;
  features: readonly string[];
  sortOrder: number;
};

export const DEFAULT_TIER_CATALOG = [
  {
    tier: "1",
    name: "Starter",
    tagline: "A polished one-page site to get your business online fast.",
    priceCents: 19_900,
    promoPriceCents: 9_900,
    isCustomQuote: false,
    features: ["One page", "5 images/sections", "1 revision", "Mobile optimized", "Fast turnaround"],
    sortOrder: 1,
  },
  {
    tier: "2",
    name: "Growth Site",
    tagline: "A multi-page site that shows your services and brings in inquiries.",
    priceCents: 24_900,
    promoPriceCents: null,
    isCustomQuote: false,
    features: ["Up to 3 pages", "Contact form", "Services list", "Up to 2 revisions", "Mobile optimized"],
    sortOrder: 2,
  },
  {
    tier: "3",
    name: "Professional Automation",
    tagline: "Bookings, payments and automated e-mails that run the business for you.",
    priceCents: 50_000,
    promoPriceCents: null,
    isCustomQuote: true,
    features: [
      "Online bookings",
      "Payments",
      "Delivery radius",
      "Automated emails",
      "Coupons",
      "Analytics",
      "30 days priority support",
      "4 revisions",
    ],
    sortOrder: 3,
  },
  {
    tier: "4",
    name: "Premium Suite",
    tagline: "A complete platform for multi-location businesses.",
    priceCents: 100_000,
    promoPriceCents: null,
    isCustomQuote: true,
    features: [
      "Multi-location booking",
      "Inventory",
      "CRM",
      "Analytics",
      "SMS and e-mail",
      "60-day training and support",
      "5 revisions",
    ],
    sortOrder: 4,
  },
] as const satisfies readonly TierCatalogEntry[];

export function isTierId(value: unknown): value is TierId {
  return typeof value === "string" && (TIER_IDS as readonly string[]).includes(value);
}

type PricedTier = { tier: string; name: string; priceCents: number; promoPriceCents: number | null };

/** The tier the launch offer is for (the Starter), its name and prices as the live catalog has them. */
export const LAUNCH_OFFER_TIER = "1";

/**
 * The launch offer's words with its prices, from the live catalog (the shipped catalog's while
 * the tier is missing): "$99" and "$199", and the tier's name. Every page, e-mail and toast that
 * names the offer's price reads it here, so a price changed in Settings is a price changed everywhere.
 */
export function launchOfferPrices(tiers: readonly PricedTier[]): { tierName: string; promoPrice: string; regularPrice: string } {
  const starter: PricedTier = tiers.find((tier) => tier.tier === LAUNCH_OFFER_TIER) ?? DEFAULT_TIER_CATALOG[0];
  return { tierName: starter.name, promoPrice: formatPrice(starter.promoPriceCents ?? starter.priceCents), regularPrice: formatPrice(starter.priceCents) };
}

/** "a Starter website for $99 (regularly $199)": the launch offer as the e-mails word it, from the live catalog. */
export function launchOfferText(tiers: readonly PricedTier[]): string {
  const { tierName, promoPrice, regularPrice } = launchOfferPrices(tiers);
  return `a ${tierName} website for ${promoPrice} (regularly ${regularPrice})`;
}
