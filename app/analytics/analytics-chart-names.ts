import { z } from "~/forms/zod";
import type { AnalyticsPeriodDays } from "./analytics-period";

/** The charts of the analytics page; each has a CSV download at /admin/analytics/{chart}.csv?period={days}. */
export const ANALYTICS_CHARTS = ["summary", "leads-by-source", "funnel", "promos", "consultations", "revenue", "campaigns", "referrers"] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

/** The download's file segment, `funnel.csv`; anything else is not a chart. */
export const chartFileSchema = z
  .string()
  .regex(/^[a-z-]+\.csv$/)
  .transform((file) => file.slice(0, -".csv".length))
  .pipe(z.enum(ANALYTICS_CHARTS));

export function chartCsvHref(chart: AnalyticsChart, days: AnalyticsPeriodDays): string {
  return `/admin/analytics/${chart}.csv?period=${days}`;
}
