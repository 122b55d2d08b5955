import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/dashboard-page";
import { DashboardCards, FinancialSummaryPanel, ProjectStatusPanel, QuickActionsPanel, UpcomingDeadlinesPanel } from "./dashboard-panels";
import { dashboardFigures } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { adminName: admin.name, figures: await dashboardFigures() };
}

export default function DashboardPage() {
  const { adminName, figures } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Welcome, {adminName}.</p>
      </div>
      <DashboardCards figures={figures} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProjectStatusPanel projects={figures.projects} />
        <UpcomingDeadlinesPanel deadlines={figures.deadlines} />
        <FinancialSummaryPanel figures={figures} />
        <QuickActionsPanel />
      </div>
    </div>
  );
}
