/**
 * Rates shown on the analytics page. Spec 001: the conversion rate is a rounded percent.
 * Pure: the counts come from SQL, the percentages from here.
 */

/** `part` of `whole` as a whole percent, rounded half up; 0 when there is nothing to divide. */
export function roundedPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}

export const FUNNEL_STEPS = ["lead", "contacted", "invited", "booked", "client", "paid"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * What each figure counts, in its name. The tiles count the period's leads by the status they
 * have now; the funnel counts each lead at every step up to the furthest it reached (a lead
 * converted without being marked contacted is 'Contacted (or further)' but not 'Contacted now').
 */
export const SUMMARY_LABELS = {
  total: "Total Leads",
  new: "New now",
  contacted: "Contacted now",
  converted: "Converted",
  conversionRate: "Conversion Rate",
} as const;

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  lead: "Leads",
  contacted: "Contacted (or further)",
  invited: "Invited (or further)",
  booked: "Booked (or further)",
  client: "Clients",
  paid: "Paid",
};

export type FunnelCounts = Record<FunnelStep, number>;
export type FunnelRow = {
  step: FunnelStep;
  label: string;
  count: number;
  /** Percent of the step before (100 for the first step when there are leads). */
  stepRate: number;
  /** Percent of all leads of the period. */
  overallRate: number;
};

export function funnelRows(counts: FunnelCounts): FunnelRow[] {
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? counts.lead : counts[FUNNEL_STEPS[index - 1] ?? "lead"];
    return {
      step,
      label: FUNNEL_STEP_LABELS[step],
      count: counts[step],
      stepRate: roundedPercent(counts[step], previous),
      overallRate: roundedPercent(counts[step], counts.lead),
    };
  });
}
