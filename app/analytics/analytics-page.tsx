import { Link, useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { formatDay } from "~/formatting/dates";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/analytics-page";
import { ANALYTICS_PERIODS, analyticsPeriod, readPeriodDays } from "./analytics-period";
import { CampaignsPanel, ConsultationsPanel, FunnelPanel, LeadsBySourcePanel, PromoPanel, ReferrersPanel, RevenuePanel, SummaryTiles } from "./analytics-panels";
import { analyticsFigures } from "./analytics.server";

export const meta: Route.MetaFunction = () => [{ title: "Analytics & Reports | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { timezone } = await getOrganizationSettings();
  const period = analyticsPeriod(readPeriodDays(new URL(request.url).searchParams), new Date(), timezone);
  return {
    period: { days: period.days, firstDay: period.firstDay, lastDay: period.lastDay, bucket: period.bucket, timeZone: timezone },
    figures: await analyticsFigures(period),
  };
}

/** 7 / 30 / 90 days: links, so the period is in the URL and the page is rendered by the server. */
function PeriodSwitch({ current }: { current: number }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-lg bg-muted p-1">
      {ANALYTICS_PERIODS.map((days) => (
        <Link
          key={days}
          to={`?period=${days}`}
          preventScrollReset
          aria-current={days === current ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
            days === current && "bg-background text-foreground shadow-sm",
          )}
        >
          {days} days
        </Link>
      ))}
    </nav>
  );
}

export default function AnalyticsPage() {
  const { period, figures } = useLoaderData<typeof loader>();
  const nothingYet =
    figures.summary.total === 0 &&
    figures.revenue.every((week) => week.amountCents === 0) &&
    figures.consultations.every((bucket) => bucket.online + bucket.byAdmin === 0) &&
    figures.referrers.length === 0;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Analytics &amp; Reports</h1>
          <p className="text-muted-foreground">
            Last {period.days} days: {formatDay(period.firstDay, "month-day")} – {formatDay(period.lastDay, "month-day")}, {period.lastDay.slice(0, 4)} ({period.timeZone})
          </p>
        </div>
        <PeriodSwitch current={period.days} />
      </div>
      <SummaryTiles figures={figures.summary} period={period} />
      {nothingYet ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          Nothing to report for the last {period.days} days yet. Leads, consultations and payments show here as they come in;{" "}
          <Link to="/admin/leads" className="text-primary hover:underline">
            add a lead
          </Link>{" "}
          or try a longer period.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <LeadsBySourcePanel figures={figures.leadsByDay} period={period} />
        <FunnelPanel figures={figures.funnel} period={period} />
        <PromoPanel figures={figures.promos} period={period} />
        <ConsultationsPanel figures={figures.consultations} period={period} />
        <RevenuePanel figures={figures.revenue} period={period} />
        <CampaignsPanel figures={figures.campaigns} period={period} />
        <ReferrersPanel figures={figures.referrers} period={period} />
      </div>
    </div>
  );
}
