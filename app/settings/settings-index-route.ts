import { redirect } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/settings-index-route";

// /admin/settings opens its first tab.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/settings/organization");
}
