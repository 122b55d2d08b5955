import { redirect } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { Route } from "./+types/table-columns-route";
import { hiddenColumnsSchema } from "~/lists/table-columns-form";
import { saveHiddenColumns } from "./table-preferences.server";

// The data table's "Columns" menu saves the admin's hidden columns here. Nothing to show: a GET goes back to the dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, (admin) => ({
    "hide-columns": async (form) => {
      const input = parseForm(hiddenColumnsSchema, form);
      const hiddenColumns = await saveHiddenColumns(admin.id, input.tableId, input.hidden);
      return { ok: true as const, intent: "hide-columns", hiddenColumns };
    },
  }));
}
