// Lead option lists shared by the browser and the server (DESIGN.md: one list each,
// the union of both spec documents' values). Pure: no database or Node imports.

import { choiceValues } from "~/formatting/choices";

export const LEAD_STATUSES = ["new", "contacted", "converted"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Union of the public sources (spec 000) and the back-office ones (spec 001). */
export const LEAD_SOURCES = [
  "Promo Popup",
  "Sticky Button",
  "$99 Packages Page",
  "$99 Promo",
  "website",
  "contact-page",
  "referral",
  "manual",
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const BUSINESS_TYPES = [
  { value: "startup", label: "Startup" },
  { value: "small-business", label: "Small Business" },
  { value: "restaurant", label: "Restaurant" },
  { value: "catering", label: "Catering Business" },
  { value: "event-planning", label: "Event Planning" },
  { value: "rentals", label: "Party Rentals" },
  { value: "professional", label: "Professional Services" },
  { value: "other", label: "Other" },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]["value"];
export const BUSINESS_TYPE_VALUES = choiceValues(BUSINESS_TYPES);

export const INDUSTRIES = [
  { value: "catering", label: "Catering" },
  { value: "rentals", label: "Rentals" },
  { value: "events", label: "Events" },
  { value: "restaurant", label: "Restaurant" },
  { value: "retail", label: "Retail" },
  { value: "services", label: "Services" },
  { value: "hospitality", label: "Hospitality" },
  { value: "other", label: "Other" },
] as const;
export type Industry = (typeof INDUSTRIES)[number]["value"];
export const INDUSTRY_VALUES = choiceValues(INDUSTRIES);

export const PROMO_STATUSES = ["active", "expired", "used", "disabled"] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const BOOKING_STATUSES = ["not_sent", "sent", "booked", "completed"] as const;
export type LeadBookingStatus = (typeof BOOKING_STATUSES)[number];

/** A lead's tier: a package tier, or the vertical chosen from a home-page button. */
export const LEAD_TIERS = [
  { value: "1", label: "Tier 1 – Starter" },
  { value: "2", label: "Tier 2 – Growth Site" },
  { value: "3", label: "Tier 3 – Professional Automation" },
  { value: "4", label: "Tier 4 – Premium Suite" },
  { value: "catering", label: "Catering" },
  { value: "rentals", label: "Party Rentals" },
] as const;
export type LeadTier = (typeof LEAD_TIERS)[number]["value"];
export const LEAD_TIER_VALUES = choiceValues(LEAD_TIERS);

/** Tag that marks a website promo lead (spec: '$99_promo'), plus where it was claimed. */
export const PROMO_TAG = "$99_promo";
export const PROMO_PLACEMENT_TAGS = ["popup", "sticky_button", "packages_page"] as const;

/** Kinds of entry in a lead's timeline (`lead_timeline_events.event`). Notes are `note_added` events. */
export const LEAD_TIMELINE_EVENTS = [
  "form_submitted",
  "promo_claimed",
  "email_queued",
  "email_sent",
  "email_failed",
  "email_suppressed",
  "unsubscribed",
  "resubscribed",
  "invitation_sent",
  "booked",
  "status_changed",
  "promo_edited",
  "note_added",
  "converted",
  "cadence_enrolled",
  "cadence_step_sent",
  "cadence_step_skipped",
  "cadence_ended",
] as const;
export type LeadTimelineEventType = (typeof LEAD_TIMELINE_EVENTS)[number];
