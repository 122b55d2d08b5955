// The add-on catalog a new install starts with (pure data; prices in cents). What a web agency
// selling one-time website packages adds on most often. The live catalog is the `add_ons` table.

import type { TierId } from "~/organization/tier-catalog";
import type { TierPricesCents } from "./schema";

export type DefaultAddOn = {
  name: string;
  description: string;
  category: string;
  flatPriceCents: number | null;
  tierPricesCents: TierPricesCents | null;
  availableForTiers: TierId[];
};

const ALL: TierId[] = ["1", "2", "3", "4"];

export const DEFAULT_ADD_ONS: readonly DefaultAddOn[] = [
  { name: "Extra page", description: "One more page designed, written from your notes and built in the site's style.", category: "Pages", flatPriceCents: null, tierPricesCents: { "1": 7_500, "2": 6_000, "3": 5_000, "4": 5_000 }, availableForTiers: ALL },
  { name: "Logo design", description: "Three logo concepts, two rounds of changes, files for web and print.", category: "Branding", flatPriceCents: 15_000, tierPricesCents: null, availableForTiers: ALL },
  { name: "Copywriting (per page)", description: "Page copy written for you after a short interview, with SEO headings.", category: "Content", flatPriceCents: 8_500, tierPricesCents: null, availableForTiers: ALL },
  { name: "Extra revision round", description: "One more round of changes beyond those in your package.", category: "Revisions", flatPriceCents: 5_000, tierPricesCents: null, availableForTiers: ALL },
  { name: "Professional photo editing (10 images)", description: "Colour correction, cropping and web optimisation of ten of your photos.", category: "Content", flatPriceCents: 6_000, tierPricesCents: null, availableForTiers: ALL },
  { name: "Booking integration", description: "Online booking with your calendar (Calendly, Square or Acuity) embedded in the site.", category: "Integrations", flatPriceCents: null, tierPricesCents: { "1": 12_500, "2": 10_000 }, availableForTiers: ["1", "2"] },
  { name: "Online payments", description: "Deposits or checkout through Stripe or Square, with receipts by e-mail.", category: "Integrations", flatPriceCents: 17_500, tierPricesCents: null, availableForTiers: ["1", "2"] },
  { name: "Google Business Profile setup", description: "Profile created or cleaned up, with photos, hours, services and a link to the site.", category: "Marketing", flatPriceCents: 7_500, tierPricesCents: null, availableForTiers: ALL },
  { name: "Local SEO package", description: "Keyword research, on-page SEO for every page, sitemap and Search Console setup.", category: "Marketing", flatPriceCents: null, tierPricesCents: { "1": 15_000, "2": 20_000, "3": 25_000, "4": 30_000 }, availableForTiers: ALL },
  { name: "Newsletter signup", description: "Signup form connected to Mailchimp or ConvertKit, with a welcome e-mail.", category: "Integrations", flatPriceCents: 6_500, tierPricesCents: null, availableForTiers: ALL },
  { name: "Blog setup", description: "A blog section with categories, a post template and two starter posts.", category: "Pages", flatPriceCents: 12_000, tierPricesCents: null, availableForTiers: ["2", "3", "4"] },
  { name: "Rush delivery", description: "Your site delivered in half the usual time.", category: "Delivery", flatPriceCents: null, tierPricesCents: { "1": 10_000, "2": 15_000, "3": 25_000, "4": 40_000 }, availableForTiers: ALL },
  { name: "Monthly care plan (3 months)", description: "Updates, backups, uptime watch and up to one hour of changes a month.", category: "Support", flatPriceCents: 14_700, tierPricesCents: null, availableForTiers: ALL },
];
