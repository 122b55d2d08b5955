import type { LeadTier } from "~/leads/lead-options";

/** What a call to action opening the inquiry presets: the tier asked about and the $99 offer. */
export type InquiryPreset = { tier?: LeadTier; promo?: boolean };

/** The inquiry's own page: where a call to action leads before the app runs (decision 028). */
export const INQUIRY_PAGE_PATH = "/start-your-project";

/** The inquiry page's address for a preset, e.g. `/start-your-project?tier=1&promo=1`. */
export function inquiryPageHref(preset: InquiryPreset = {}): string {
  const query = new URLSearchParams();
  if (preset.tier) query.set("tier", preset.tier);
  if (preset.promo) query.set("promo", "1");
  const search = query.toString();
  return search ? `${INQUIRY_PAGE_PATH}?${search}` : INQUIRY_PAGE_PATH;
}
