import { Users } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { countLeads } from "~/leads/leads.server";
import { StatCard } from "~/ui/stat-card";
import type { Route } from "./+types/dashboard-page";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { adminName: admin.name, totalLeads: await countLeads() };
}

export default function DashboardPage() {
  const { adminName, totalLeads } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Welcome, {adminName}.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Link to="/admin/leads" className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
          <StatCard
            className="transition-colors hover:border-primary/50"
            label="Total Leads"
            value={totalLeads}
            icon={<Users className="size-4" aria-hidden="true" />}
            footer="View all leads"
          />
        </Link>
      </div>
    </div>
  );
}
