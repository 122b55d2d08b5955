import { csvExportResponse, type CsvColumn } from "~/lists/csv-export.server";
import { centsToDollarsInput } from "~/formatting/money";
import type { AnalyticsPeriod } from "./analytics-period";
import { funnelRows, SUMMARY_LABELS } from "./analytics-rates";
import { consultationsBooked, leadsPerDayBySource, promoClaimsAndUses, revenuePerWeek } from "./analytics-series.server";
import { leadFunnel, leadSummary } from "./analytics-totals.server";
import { topCampaigns, topReferrers } from "./analytics-rankings.server";
import type { AnalyticsChart } from "./analytics-chart-names";
import { bucketDays } from "./chart-scale";

// 'Download CSV' of each chart: the numbers the chart shows, from the same query, one row per bar.

type Table = { columns: CsvColumn<Record<string, unknown>>[]; rows: Record<string, unknown>[] };

function table(headers: Record<string, string>, rows: Record<string, unknown>[]): Table {
  return { columns: Object.entries(headers).map(([key, header]) => ({ header, value: (row) => row[key] })), rows };
}

const withDays = <T extends { bucket: string }>(rows: T[], kind: "day" | "week", period: AnalyticsPeriod) =>
  rows.map((row) => ({ ...bucketDays(row.bucket, kind, period), ...row }));

const readers: Record<AnalyticsChart, (period: AnalyticsPeriod) => Promise<Table>> = {
  async summary(period) {
    const summary = await leadSummary(period);
    return table({ figure: "Figure", value: "Value" }, [
      { figure: SUMMARY_LABELS.total, value: summary.total },
      { figure: SUMMARY_LABELS.new, value: summary.byStatus.new },
      { figure: SUMMARY_LABELS.contacted, value: summary.byStatus.contacted },
      { figure: SUMMARY_LABELS.converted, value: summary.byStatus.converted },
      { figure: `${SUMMARY_LABELS.conversionRate} (%)`, value: summary.conversionRate },
    ]);
  },
  async "leads-by-source"(period) {
    const { sources, days } = await leadsPerDayBySource(period);
    return {
      columns: [
        { header: "Day", value: (row) => row.day },
        ...sources.map((source) => ({ header: source, value: (row: Record<string, unknown>) => (row.bySource as Record<string, number>)[source] ?? 0 })),
        { header: "Total", value: (row) => row.total },
      ],
      rows: days,
    };
  },
  async funnel(period) {
    return table(
      { label: "Step", count: "Leads", stepRate: "% of previous step", overallRate: "% of all leads" },
      funnelRows(await leadFunnel(period)),
    );
  },
  async promos(period) {
    return table({ from: "From", to: "To", claimed: "Promos claimed", used: "Promos used" }, withDays(await promoClaimsAndUses(period), period.bucket, period));
  },
  async consultations(period) {
    const rows = withDays(await consultationsBooked(period), period.bucket, period).map((row) => ({ ...row, total: row.online + row.byAdmin }));
    return table({ from: "From", to: "To", online: "Booked online", byAdmin: "Added by admin", total: "Total" }, rows);
  },
  async revenue(period) {
    const rows = (await revenuePerWeek(period)).map((row) => ({ ...bucketDays(row.week, "week", period), payments: row.payments, amount: centsToDollarsInput(row.amountCents) }));
    return table({ from: "From", to: "To", payments: "Payments", amount: "Revenue (USD)" }, rows);
  },
  async campaigns(period) {
    const rows = (await topCampaigns(period)).map((row) => ({ ...row, revenue: centsToDollarsInput(row.revenueCents) }));
    return table({ name: "Campaign", slug: "Slug", leads: "Leads", clients: "Clients", revenue: "Revenue (USD)" }, rows);
  },
  async referrers(period) {
    const rows = (await topReferrers(period)).map((row) => ({ ...row, commission: centsToDollarsInput(row.commissionCents) }));
    return table({ name: "Referrer", referred: "Referred leads", converted: "Converted", commission: "Commission (USD)" }, rows);
  },
};

/** The CSV download of one chart for the period: `analytics-{chart}-{days}d-{date}.csv`. */
export async function analyticsCsvResponse(chart: AnalyticsChart, period: AnalyticsPeriod, now = new Date()): Promise<Response> {
  const { columns, rows } = await readers[chart](period);
  async function* batches() {
    yield rows;
  }
  return csvExportResponse({ baseName: `analytics-${chart}-${period.days}d`, columns, batches: batches(), timeZone: period.timeZone, now });
}
