import { LEAD_TIER_VALUES, type LeadTier } from "~/leads/lead-options";
import type { InquiryPreset } from "./inquiry-preset";

/**
 * The preset an inquiry page's address carries; an unknown tier or flag is ignored rather than
 * refused. Server-only so that the list of tiers stays out of the public pages' first load.
 */
export function inquiryPresetFrom(search: URLSearchParams): InquiryPreset {
  const tier = search.get("tier");
  const preset: InquiryPreset = {};
  if (tier && (LEAD_TIER_VALUES as readonly string[]).includes(tier)) preset.tier = tier as LeadTier;
  if (search.get("promo") === "1") preset.promo = true;
  return preset;
}
