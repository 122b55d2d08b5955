import { NavLink, Outlet } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/settings-layout";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

/** The tabs of /admin/settings (spec 001: Organization, Email, Promos, Security, Data; and Payments, decision 047), each its own URL. */
const SETTINGS_TABS = [
  { label: "Organization", to: "/admin/settings/organization" },
  { label: "Email", to: "/admin/settings/email" },
  { label: "Promos", to: "/admin/settings/promos" },
  { label: "Payments", to: "/admin/settings/payments" },
  { label: "Security", to: "/admin/settings/security" },
  { label: "Data", to: "/admin/settings/data" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SettingsLayout() {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Your organization, e-mail, promos, payments, security and data.</p>
      </div>
      <nav aria-label="Settings" className="flex flex-wrap gap-1 border-b">
        {SETTINGS_TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            // NavLink matches nested paths too: the Security tab stays current on its audit log (/admin/settings/security/audit).
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors",
                isActive
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
