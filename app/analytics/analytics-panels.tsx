import { Link } from "react-router";
import { LEAD_SOURCES } from "~/leads/lead-options";
import { sourceLabel } from "~/leads/lead-filters";
import { formatCents, formatPrice } from "~/formatting/money";
import { StatCard } from "~/ui/stat-card";
import { BarChart, ChartLegend, CHART_COLORS, HorizontalBars, type ChartCategory, type ChartSeries } from "./analytics-charts";
import type { AnalyticsPeriodDays } from "./analytics-period";
import { funnelRows, SUMMARY_LABELS } from "./analytics-rates";
import type { AnalyticsFigures } from "./analytics.server";
import { ChartCard } from "./chart-card";
import { bucketAxisLabel, bucketLabel } from "./chart-scale";

// The panels of /admin/analytics: each turns one query's answer into a chart and its table.

type PeriodView = { days: AnalyticsPeriodDays; firstDay: string; lastDay: string; bucket: "day" | "week" };
type PanelProps<K extends keyof AnalyticsFigures> = { figures: AnalyticsFigures[K]; period: PeriodView };

const perBucket = (period: PeriodView) => (period.bucket === "day" ? "per day" : "per week");
const inPeriod = (period: PeriodView) => `in the last ${period.days} days`;

/** A lead source keeps its colour whatever the period shows. */
function sourceColor(source: string): string {
  const index = LEAD_SOURCES.findIndex((known) => known === source);
  return CHART_COLORS[(index < 0 ? LEAD_SOURCES.length : index) % CHART_COLORS.length] ?? CHART_COLORS[0];
}

export function SummaryTiles({ figures }: PanelProps<"summary">) {
  return (
    <section aria-label="Lead counts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <StatCard label={SUMMARY_LABELS.total} value={figures.total} footer="Leads of the period" />
      <StatCard label={SUMMARY_LABELS.new} value={figures.byStatus.new} footer="Of them, still new" />
      <StatCard label={SUMMARY_LABELS.contacted} value={figures.byStatus.contacted} footer="Of them, marked contacted and not yet clients" />
      <StatCard label={SUMMARY_LABELS.converted} value={figures.byStatus.converted} footer="Of them, clients now" />
      <StatCard label={SUMMARY_LABELS.conversionRate} value={`${figures.conversionRate}%`} footer="Converted leads of the period" />
    </section>
  );
}

export function LeadsBySourcePanel({ figures, period }: PanelProps<"leadsByDay">) {
  const series: ChartSeries[] = figures.sources.map((source) => ({ key: source, label: sourceLabel(source), color: sourceColor(source) }));
  const categories: ChartCategory[] = figures.days.map((day) => ({ key: day.day, label: bucketLabel(day.day, "day", period), values: day.bySource }));
  const total = figures.days.reduce((sum, day) => sum + day.total, 0);
  return (
    <ChartCard
      chart="leads-by-source"
      days={period.days}
      title="Leads by source"
      description={`New leads per day, by where they came from (${total} ${inPeriod(period)}).`}
      empty={total === 0}
      emptyText={`No leads ${inPeriod(period)}.`}
      table={{
        caption: "Leads per day by source",
        headers: ["Day", ...figures.sources.map(sourceLabel), "Total"],
        rows: [
          ...figures.days.map((day) => ({
            key: day.day,
            cells: [bucketLabel(day.day, "day", period), ...figures.sources.map((source) => day.bySource[source] ?? 0), day.total],
          })),
          { key: "total", cells: ["Total", ...figures.sources.map((source) => figures.totalsBySource[source] ?? 0), total] },
        ],
      }}
    >
      <BarChart label={`Stacked bar chart of leads per day by source, ${total} leads in total`} categories={categories} series={series} layout="stacked" />
      <ChartLegend series={series} />
    </ChartCard>
  );
}

export function FunnelPanel({ figures, period }: PanelProps<"funnel">) {
  const rows = funnelRows(figures);
  return (
    <ChartCard
      chart="funnel"
      days={period.days}
      title="Funnel"
      description="The period's leads at every step up to the furthest each reached (a client counts as contacted too, whatever its status says); each step's rate is of the step before."
      empty={figures.lead === 0}
      emptyText={`No leads ${inPeriod(period)}.`}
      table={{
        caption: "Funnel from lead to paid",
        headers: ["Step", "Leads", "Of previous step", "Of all leads"],
        rows: rows.map((row) => ({ key: row.step, cells: [row.label, row.count, `${row.stepRate}%`, `${row.overallRate}%`] })),
      }}
    >
      <HorizontalBars
        label={`Funnel: ${rows.map((row) => `${row.label} ${row.count}`).join(", ")}`}
        rows={rows.map((row, index) => ({ key: row.step, label: row.label, value: row.count, text: index === 0 ? String(row.count) : `${row.count} · ${row.stepRate}%` }))}
      />
    </ChartCard>
  );
}

export function PromoPanel({ figures, period }: PanelProps<"promos">) {
  const series: ChartSeries[] = [
    { key: "claimed", label: "Claimed", color: CHART_COLORS[1] },
    { key: "used", label: "Used", color: CHART_COLORS[0] },
  ];
  const claimed = figures.reduce((sum, row) => sum + row.claimed, 0);
  const used = figures.reduce((sum, row) => sum + row.used, 0);
  return (
    <ChartCard
      chart="promos"
      days={period.days}
      title="Promo claims and uses"
      description={`Promo codes claimed ${perBucket(period)}, and how many of them have been used on an invoice (${used} of ${claimed}).`}
      empty={claimed === 0}
      emptyText={`No promo claimed ${inPeriod(period)}.`}
      table={{
        caption: `Promo claims and uses ${perBucket(period)}`,
        headers: [period.bucket === "day" ? "Day" : "Week", "Claimed", "Used"],
        rows: figures.map((row) => ({ key: row.bucket, cells: [bucketLabel(row.bucket, period.bucket, period), row.claimed, row.used] })),
      }}
    >
      <BarChart
        label={`Bar chart of promo claims and uses ${perBucket(period)}: ${claimed} claimed, ${used} used`}
        categories={figures.map((row) => ({ key: row.bucket, label: bucketLabel(row.bucket, period.bucket, period), axisLabel: bucketAxisLabel(row.bucket, period.bucket, period), values: { claimed: row.claimed, used: row.used } }))}
        series={series}
        layout="grouped"
      />
      <ChartLegend series={series} />
    </ChartCard>
  );
}

export function ConsultationsPanel({ figures, period }: PanelProps<"consultations">) {
  const series: ChartSeries[] = [
    { key: "online", label: "Booked online", color: CHART_COLORS[2] },
    { key: "byAdmin", label: "Added by admin", color: CHART_COLORS[3] },
  ];
  const total = figures.reduce((sum, row) => sum + row.online + row.byAdmin, 0);
  return (
    <ChartCard
      chart="consultations"
      days={period.days}
      title="Consultations booked"
      description={`Consultations booked ${perBucket(period)}, on the day they were booked (${total} ${inPeriod(period)}).`}
      empty={total === 0}
      emptyText={`No consultation booked ${inPeriod(period)}.`}
      table={{
        caption: `Consultations booked ${perBucket(period)}`,
        headers: [period.bucket === "day" ? "Day" : "Week", "Booked online", "Added by admin"],
        rows: figures.map((row) => ({ key: row.bucket, cells: [bucketLabel(row.bucket, period.bucket, period), row.online, row.byAdmin] })),
      }}
    >
      <BarChart
        label={`Stacked bar chart of consultations booked ${perBucket(period)}, ${total} in total`}
        categories={figures.map((row) => ({ key: row.bucket, label: bucketLabel(row.bucket, period.bucket, period), axisLabel: bucketAxisLabel(row.bucket, period.bucket, period), values: { online: row.online, byAdmin: row.byAdmin } }))}
        series={series}
        layout="stacked"
      />
      <ChartLegend series={series} />
    </ChartCard>
  );
}

export function RevenuePanel({ figures, period }: PanelProps<"revenue">) {
  const total = figures.reduce((sum, row) => sum + row.amountCents, 0);
  return (
    <ChartCard
      chart="revenue"
      days={period.days}
      title="Revenue per week"
      description={`Invoice payments received, by the week they were paid (${formatCents(total)} ${inPeriod(period)}).`}
      empty={total === 0}
      emptyText={`No payment received ${inPeriod(period)}.`}
      table={{
        caption: "Revenue per week",
        headers: ["Week", "Payments", "Revenue"],
        rows: figures.map((row) => ({ key: row.week, cells: [bucketLabel(row.week, "week", period), row.payments, formatCents(row.amountCents)] })),
      }}
    >
      <BarChart
        label={`Bar chart of revenue per week, ${formatCents(total)} in total`}
        categories={figures.map((row) => ({ key: row.week, label: bucketLabel(row.week, "week", period), axisLabel: bucketAxisLabel(row.week, "week", period), values: { revenue: row.amountCents } }))}
        series={[{ key: "revenue", label: "Revenue", color: CHART_COLORS[5] }]}
        layout="stacked"
        formatValue={formatPrice}
      />
    </ChartCard>
  );
}

export function CampaignsPanel({ figures, period }: PanelProps<"campaigns">) {
  return (
    <ChartCard
      chart="campaigns"
      days={period.days}
      title="Top campaigns"
      description="Leads that arrived through each campaign, those that became clients, and what those clients paid in the period."
      empty={figures.length === 0}
      emptyText={`No lead came through a campaign ${inPeriod(period)}.`}
      table={{
        caption: "Top campaigns",
        headers: ["Campaign", "Leads", "Clients", "Revenue"],
        rows: figures.map((row) => ({ key: row.campaignId, cells: [row.name, row.leads, row.clients, formatCents(row.revenueCents)] })),
      }}
    >
      <HorizontalBars
        label={`Top campaigns by leads: ${figures.map((row) => `${row.name} ${row.leads} leads, ${row.clients} clients, ${formatCents(row.revenueCents)}`).join("; ")}`}
        rows={figures.map((row) => ({ key: row.campaignId, label: row.name, value: row.leads, text: `${row.leads} · ${row.clients} · ${formatPrice(row.revenueCents)}` }))}
        color={CHART_COLORS[4]}
      />
      <p className="text-xs text-muted-foreground">Bars: leads. Figures: leads · clients · revenue.</p>
      <Link to="/admin/campaigns" className="text-sm text-primary hover:underline">
        All campaigns
      </Link>
    </ChartCard>
  );
}

export function ReferrersPanel({ figures, period }: PanelProps<"referrers">) {
  return (
    <ChartCard
      chart="referrers"
      days={period.days}
      title="Top referrers"
      description="Clients whose referral links brought leads, the referrals that converted in the period, and their commission."
      empty={figures.length === 0}
      emptyText={`No referral ${inPeriod(period)}.`}
      table={{
        caption: "Top referrers",
        headers: ["Referrer", "Referred leads", "Converted", "Commission"],
        rows: figures.map((row) => ({ key: row.referrerClientId ?? row.name, cells: [row.name, row.referred, row.converted, formatCents(row.commissionCents)] })),
      }}
    >
      <HorizontalBars
        label={`Top referrers by converted referrals: ${figures.map((row) => `${row.name} ${row.converted} converted of ${row.referred} referred`).join("; ")}`}
        rows={figures.map((row) => ({ key: row.referrerClientId ?? row.name, label: row.name, value: row.converted, text: `${row.converted} converted · ${row.referred} referred` }))}
        color={CHART_COLORS[6]}
      />
      <Link to="/admin/referrals" className="text-sm text-primary hover:underline">
        All referrals
      </Link>
    </ChartCard>
  );
}
