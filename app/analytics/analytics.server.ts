import type { AnalyticsPeriod } from "./analytics-period";
import { topCampaigns, topReferrers } from "./analytics-rankings.server";
import { consultationsBooked, leadsPerDayBySource, promoClaimsAndUses, revenuePerWeek } from "./analytics-series.server";
import { leadFunnel, leadSummary } from "./analytics-totals.server";

// The analytics page's figures (spec 001 "Analytics & Reports", issue 17): one read-only SQL statement
// per chart, aggregated in the database (days and weeks of the business time zone, empty ones made by
// generate_series), so the page never loads rows to count them. Each chart's function is also its CSV
// download (analytics-csv.server.ts). They read the leads, clients, consultations, invoices, campaigns
// and referrals tables; analytics writes nothing.

export type AnalyticsFigures = Awaited<ReturnType<typeof analyticsFigures>>;

/** Everything the page shows for a period: each chart's own query. */
export async function analyticsFigures(period: AnalyticsPeriod) {
  const [summary, leadsByDay, funnel, promos, consultations, revenue, campaigns, referrers] = await Promise.all([
    leadSummary(period),
    leadsPerDayBySource(period),
    leadFunnel(period),
    promoClaimsAndUses(period),
    consultationsBooked(period),
    revenuePerWeek(period),
    topCampaigns(period),
    topReferrers(period),
  ]);
  return { summary, leadsByDay, funnel, promos, consultations, revenue, campaigns, referrers };
}
