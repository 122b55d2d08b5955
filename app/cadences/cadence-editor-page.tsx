import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import { recordIdParam } from "~/forms/record-id";
import { useFormAction } from "~/forms/use-form-action";
import { requireListedRecord } from "~/forms/record-page.server";
import { BackLink } from "~/ui/back-link";
import { Button, LinkButton } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { Route } from "./+types/cadence-editor-page";
import { CADENCE_TRIGGERS } from "./cadence-options";
import { cadenceIdSchema, cadenceSchema } from "./cadence-forms";
import { CadenceStepsEditor } from "./cadence-steps-editor";
import { createCadence, findCadence, listTemplateChoices, updateCadence } from "./cadences.server";
import { SharedTriggerWarning } from "./shared-trigger-warning";
import { firstDaySentence, sharedWith, templateNameIn } from "./shared-triggers";
import { activeCadenceSummaries } from "./shared-triggers.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.cadence?.name ?? "New Cadence"} | Admin` }];

const CADENCES_LIST = { href: "/admin/cadences", label: "Back to cadences" };

/** `/admin/cadences/new` creates; `/admin/cadences/{id}` edits. */
const isNew = (params: Route.LoaderArgs["params"]) => params.cadenceId === "new";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const cadenceId = recordIdParam(params.cadenceId);
  const [cadence, templates, active] = await Promise.all([isNew(params) || !cadenceId ? null : findCadence(cadenceId), listTemplateChoices(), activeCadenceSummaries()]);
  return { cadence: isNew(params) ? null : await requireListedRecord(cadence, { request, context }, "Cadence not found", CADENCES_LIST), templates, active };
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "save-cadence": async (form) => {
      const input = parseForm(cadenceSchema, form);
      const cadence = isNew(params)
        ? await createCadence(actor, input)
        : await updateCadence(actor, parseForm(cadenceIdSchema, { cadenceId: params.cadenceId }).cadenceId, input);
      // Saved, and sharing its trigger with another active cadence: the toast says so too (decision 050).
      const active = await activeCadenceSummaries();
      const shared = cadence.status === "active" ? sharedWith(cadence, active.cadences, templateNameIn(active.templateNames)) : null;
      return redirectWithToast("/admin/cadences", {
        type: shared ? "info" : "success",
        title: isNew(params) ? "Cadence created" : "Cadence saved",
        description: shared ? `${cadence.name}. ${firstDaySentence(shared)}` : cadence.name,
      });
    },
  }));
}

export default function CadenceEditorPage() {
  const { cadence, templates, active } = useLoaderData<typeof loader>();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-cadence" });
  const refused = Object.keys(values).length > 0;
  const value = (name: string, stored: string | null | undefined) => (refused ? (values[name] ?? "") : (stored ?? ""));
  // The trigger as chosen now: the warning follows the select before anything is saved.
  const [trigger, setTrigger] = React.useState(() => value("trigger", cadence?.trigger ?? "promo_claimed"));
  const shared = sharedWith({ id: cadence?.id ?? "new", name: cadence?.name ?? "This cadence", trigger, status: "active", steps: cadence?.steps ?? [] }, active.cadences, templateNameIn(active.templateNames));
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <BackLink to="/admin/cadences">Back to cadences</BackLink>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">{cadence ? `Edit ${cadence.name}` : "New Cadence"}</h1>
      </div>
      {templates.length === 0 ? (
        <p className="rounded-md border bg-muted/50 p-4 text-sm">
          A step sends an e-mail template. <Link to="/admin/templates" className="underline">Create a template</Link> first.
        </p>
      ) : null}
      <fetcher.Form method="post" className="grid gap-6" noValidate>
        <input type="hidden" name="intent" value="save-cadence" />
        <TitledCard title="Cadence" titleAs="h2" description="What enrols a lead. Each lead is enrolled once per cadence." contentClassName="grid gap-4">
          <FormField label="Name" name="name" required error={errors.name}>
            <Input defaultValue={value("name", cadence?.name)} maxLength={120} autoComplete="off" />
          </FormField>
          <FormField label="Description" name="description" error={errors.description}>
            <Textarea defaultValue={value("description", cadence?.description)} rows={2} maxLength={2000} />
          </FormField>
          <FormField
            label="Trigger"
            name="trigger"
            required
            error={errors.trigger}
            description="Leads leave when they convert, book a consultation or unsubscribe; a cadence triggered by conversion carries on after it."
          >
            <NativeSelect defaultValue={value("trigger", cadence?.trigger ?? "promo_claimed")} onChange={(event) => setTrigger(event.currentTarget.value)}>
              <NativeSelectOptions options={CADENCE_TRIGGERS} />
            </NativeSelect>
          </FormField>
          {shared ? <SharedTriggerWarning shared={shared} /> : null}
        </TitledCard>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Steps</CardTitle>
            <CardDescription>
              Each step waits its delay after enrolment: days count in your business time zone, hours are exact (handy for testing). A step whose
              conditions do not hold when it falls due is skipped, and the next one goes on.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CadenceStepsEditor steps={cadence?.steps ?? []} templates={templates} errors={errors} values={values} />
          </CardContent>
        </Card>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : cadence ? "Save Cadence" : "Create Cadence"}
          </Button>
          <LinkButton to="/admin/cadences" variant="outline">
            Cancel
          </LinkButton>
        </div>
      </fetcher.Form>
    </div>
  );
}
