import ArrowLeft from "lucide-react/icons/arrow-left";
import { Link, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { useFormAction } from "~/forms/use-form-action";
import { listPackageTiers } from "~/organization/settings.server";
import { Button, LinkButton } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { redirectWithToast } from "~/forms/flash.server";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import type { Route } from "./+types/new-project-page";
import { TierOptions } from "~/organization/tier-options";
import { newProjectPageSchema } from "./project-form";
import { createProject, listClientChoices } from "./projects.server";
import { tierNamesOf } from "~/organization/tier-names";

export const meta: Route.MetaFunction = () => [{ title: "New Project | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [clients, tiers] = await Promise.all([listClientChoices(), listPackageTiers()]);
  // ?client={id} (from a client's page) chooses the client and its tier.
  const chosen = clients.find((client) => client.id === new URL(request.url).searchParams.get("client")) ?? null;
  return { clients, tierNames: tierNamesOf(tiers), chosen };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(
    request,
    ({ actor }) => ({
      "create-project": async (form) => {
        const project = await createProject(actor, parseForm(newProjectPageSchema, form));
        return redirectWithToast(`/admin/projects/${project.id}`, {
          type: "success",
          title: "Project created successfully",
          description: `${project.name ?? ""} (${project.projectNumber})`,
        });
      },
    }),
    { failureTitles: { "create-project": "Failed to create project" } },
  );
}

export default function NewProjectPage() {
  const { clients, tierNames, chosen } = useLoaderData<typeof loader>();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "create-project" });
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <LinkButton to={chosen ? `/admin/clients/${chosen.id}` : "/admin/projects"} variant="ghost" className="w-fit" icon={ArrowLeft}>
        {chosen ? `Back to ${chosen.name}` : "Back to Projects"}
      </LinkButton>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl font-bold tracking-tight">
            New Project
          </CardTitle>
          <p className="text-sm text-muted-foreground">It gets the next project number and starts as not started; its checklist is made from its tier when you open it.</p>
        </CardHeader>
        <CardContent>
          {clients.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              There are no clients yet. <Link to="/admin/clients" className="underline">Add a client</Link> or convert a lead first.
            </p>
          ) : (
            <fetcher.Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="create-project" />
              <FormField label="Client" name="clientId" required error={errors.clientId}>
                <NativeSelect defaultValue={values.clientId ?? chosen?.id ?? ""}>
                  <NativeSelectOption value="">Choose a client</NativeSelectOption>
                  <NativeSelectOptions options={clients.map((client) => ({ value: client.id, label: client.name }))} />
                </NativeSelect>
              </FormField>
              <FormField label="Project name" name="name" required error={errors.name}>
                <Input defaultValue={values.name} maxLength={200} autoComplete="off" placeholder="e.g. Catering website" />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Tier" name="tier" required error={errors.tier}>
                  <NativeSelect defaultValue={values.tier ?? chosen?.tier ?? "1"}>
                    <TierOptions tierNames={tierNames} />
                  </NativeSelect>
                </FormField>
                <FormField label="Delivery deadline" name="deliveryDeadline" error={errors.deliveryDeadline}>
                  <Input type="date" defaultValue={values.deliveryDeadline} />
                </FormField>
              </div>
              <div className="flex justify-end gap-2">
                <LinkButton to="/admin/projects" variant="outline">
                  Cancel
                </LinkButton>
                <Button type="submit" disabled={busy}>
                  {busy ? "Creating…" : "Create Project"}
                </Button>
              </div>
            </fetcher.Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
