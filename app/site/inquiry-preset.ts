import type { LeadTier } from "~/leads/lead-options";

/** What a button opening the inquiry dialog presets: the tier asked about and the $99 offer. */
export type InquiryPreset = { tier?: LeadTier; promo?: boolean };
