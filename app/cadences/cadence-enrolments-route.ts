import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { Route } from "./+types/cadence-enrolments-route";
import { enrolLeadsSchema } from "./cadence-forms";
import { listCadenceChoices } from "./cadences.server";
import { enrolLeadsInCadence } from "./enrolment.server";

/**
 * GET: the cadences a lead can be enrolled in (the leads list's 'Enrol in cadence' dialog loads
 * them when it opens). POST: enrol the selected leads; answered in place, the list stays.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { cadences: await listCadenceChoices() };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "enrol-leads": async (form) => {
      const { cadenceId, leadIds } = parseForm(enrolLeadsSchema, form);
      const result = await enrolLeadsInCadence(actor, cadenceId, leadIds);
      return {
        ok: true,
        intent: "enrol-leads",
        toast: `${result.enrolled} lead(s) enrolled in ${result.cadenceName}`,
        ...(result.alreadyEnrolled > 0 ? { toastDescription: `${result.alreadyEnrolled} already enrolled before (a lead is enrolled once per cadence).` } : {}),
      };
    },
  }));
}
