import Send from "lucide-react/icons/send";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { useFormAction } from "~/forms/use-form-action";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, OptionSelect, NativeSelectOptions } from "~/ui/native-select";
import type { Route } from "./+types/sandbox-page";
import { cadenceIdSchema, sandboxSchema } from "./cadence-forms";
import { cadenceChoice } from "./cadence-options";
import { listCadenceChoices, listTemplateChoices } from "./cadences.server";
import { CadenceTimeline, RecentTestSends } from "./sandbox-panels";
import { describeCadenceSchedule, listRecentTestSends, sendSandboxTest } from "./sandbox.server";

export const meta: Route.MetaFunction = () => [{ title: "Email Testing Sandbox | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const chosen = cadenceIdSchema.safeParse({ cadenceId: new URL(request.url).searchParams.get("cadenceId") });
  const [templates, cadences, schedule, sends, settings] = await Promise.all([
    listTemplateChoices(),
    listCadenceChoices(),
    chosen.success ? describeCadenceSchedule(chosen.data.cadenceId) : null,
    listRecentTestSends(),
    getOrganizationSettings(),
  ]);
  return { templates, cadences, schedule, sends, timeZone: settings.timezone, adminEmail: admin.email };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "send-test": async (form) => {
      const input = parseForm(sandboxSchema, form);
      const { queued, label } = await sendSandboxTest(actor, input);
      return {
        ok: true,
        intent: "send-test",
        toast: input.cadenceId ? `${queued} step(s) of ${label} sent to ${input.testEmail}` : `${label} sent to ${input.testEmail}`,
      };
    },
  }));
}

export default function SandboxPage() {
  const { templates, cadences, schedule, sends, timeZone, adminEmail } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "send-test" });
  const cadenceId = searchParams.get("cadenceId") ?? "";
  const chooseCadence = (id: string) =>
    setSearchParams((params) => {
      if (id) params.set("cadenceId", id);
      else params.delete("cadenceId");
      return params;
    }, { preventScrollReset: true, replace: true });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Email Testing Sandbox</h1>
        <p className="text-muted-foreground">
          Send a template, or every step of a cadence, to yourself with sample values. Test mail is marked as a test in the{" "}
          <Link to="/admin/emails" className="underline">
            e-mail log
          </Link>
          .
        </p>
      </div>
      <TitledCard title="Send a test" description="Choose a template or a cadence.">
        <fetcher.Form method="post" className="grid gap-4 md:grid-cols-3" noValidate>
          <input type="hidden" name="intent" value="send-test" />
          <FormField label="Test email address" name="testEmail" required error={errors.testEmail}>
            <Input type="email" defaultValue={values.testEmail ?? adminEmail} autoComplete="email" maxLength={254} />
          </FormField>
          <FormField label="Template" name="templateId" error={errors.templateId}>
            <OptionSelect
              options={templates.map((template) => ({ value: template.id, label: template.name }))}
              emptyLabel={cadenceId ? "(a cadence is chosen)" : "Choose a template"}
              defaultValue={values.templateId}
              key={`template-${cadenceId}`}
              disabled={Boolean(cadenceId)}
            />
          </FormField>
          <FormField label="Cadence" name="cadenceId" error={errors.cadenceId}>
            <NativeSelect value={cadenceId} onChange={(event) => chooseCadence(event.target.value)}>
              <NativeSelectOption value="">Choose a cadence</NativeSelectOption>
              <NativeSelectOptions options={cadences.map(cadenceChoice)} />
            </NativeSelect>
          </FormField>
          <div className="md:col-span-3">
            <Button type="submit" disabled={busy} icon={Send}>
              {busy ? "Sending..." : cadenceId ? "Send all steps now" : "Send test"}
            </Button>
          </div>
        </fetcher.Form>
      </TitledCard>
      {schedule ? <CadenceTimeline schedule={schedule} /> : null}
      <RecentTestSends sends={sends} timeZone={timeZone} />
    </div>
  );
}
