import { requireAdmin } from "~/auth/guard.server";
import { recordNotFound } from "~/http/record-not-found";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/analytics-csv-route";
import { chartFileSchema } from "./analytics-chart-names";
import { analyticsCsvResponse } from "./analytics-csv.server";
import { analyticsPeriod, readPeriodDays } from "./analytics-period";

/** 'Download CSV' of one chart of /admin/analytics, for the period in the URL. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const chart = chartFileSchema.safeParse(params.file);
  if (!chart.success) recordNotFound("There is no such chart", { href: "/admin/analytics", label: "Back to Analytics" });
  const { timezone } = await getOrganizationSettings();
  const now = new Date();
  const period = analyticsPeriod(readPeriodDays(new URL(request.url).searchParams), now, timezone);
  return analyticsCsvResponse(chart.data, period, now);
}
