import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { checkForm } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import { personExport } from "~/personal-data/person-export.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/person-export-route";
import { personEmailForm } from "./data-tab-forms";
import { getOrganizationSettings } from "~/organization/settings.server";
import { fileDownload } from "~/http/file-download";

// GET /admin/settings/data/person-export?email= — 'Export their data' (GDPR Art. 15): a zip of
// everything the personal-data registry finds for the address. A refusal goes back to the Data
// tab with its reason, the address kept in the form.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  const typed = new URL(request.url).searchParams.get("email") ?? "";
  const back = `/admin/settings/data?person=${encodeURIComponent(typed.slice(0, 254))}`;
  const checked = checkForm(personEmailForm, { email: typed });
  if (!checked.ok) return redirectWithToast(back, { type: "error", title: "Nothing exported", description: checked.fieldErrors.email });
  try {
    const settings = await getOrganizationSettings();
    const exported = await personExport(checked.data.email, { organization: settings.companyName ?? "the agency", timeZone: settings.timezone });
    return fileDownload(Buffer.from(exported.zip), { contentType: "application/zip", fileName: exported.fileName });
  } catch (error) {
    if (error instanceof Refusal) return redirectWithToast(back, { type: "error", title: "Nothing exported", description: error.message });
    throw error;
  }
}
