import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { useFormAction } from "~/forms/use-form-action";
import { listPackageTiers } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { redirectWithToast } from "~/forms/flash.server";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { OptionSelect } from "~/ui/native-select";
import type { Route } from "./+types/new-invoice-page";
import { newInvoiceSchema } from "./invoice-forms";
import { projectOptions, tierOptions } from "./invoice-options";
import { createInvoice } from "./create-invoice.server";
import { invoiceFormOptions } from "./invoice-detail.server";

export const meta: Route.MetaFunction = () => [{ title: "New Invoice | Admin" }];

/** /admin/invoices/new (?project={id} presets client, project and tier; ?client={id} presets the client). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const [options, tiers] = await Promise.all([invoiceFormOptions(), listPackageTiers()]);
  const project = options.projects.find((candidate) => candidate.id === url.searchParams.get("project")) ?? null;
  const clientId = project?.clientId ?? options.clients.find((client) => client.id === url.searchParams.get("client"))?.id ?? "";
  const client = options.clients.find((candidate) => candidate.id === clientId);
  return { ...options, tiers: tiers.map((tier) => ({ tier: tier.tier, name: tier.name })), preset: { clientId, projectId: project?.id ?? "", tier: project?.tier ?? client?.tier ?? "" } };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "create-invoice": async (form) => {
      const invoice = await createInvoice({ actor, input: parseForm(newInvoiceSchema, form) });
      return redirectWithToast(`/admin/invoices/${invoice.id}`, { type: "success", title: `Invoice ${invoice.invoiceNumber} created` });
    },
  }));
}

export default function NewInvoicePage() {
  const { clients, projects, tiers, preset } = useLoaderData<typeof loader>();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "create-invoice" });
  const clientOptions = clients.map((client) => ({ value: client.id, label: client.name }));
  const clientNames = new Map(clients.map((client) => [client.id, client.name]));
  return (
    <div className="grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">New Invoice</h1>
        <p className="text-muted-foreground">Start a draft; add its lines on the next page.</p>
      </div>
      <TitledCard title="Details">
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create-invoice" />
          <FormField label="Client" name="clientId" required error={errors.clientId}>
            <OptionSelect options={clientOptions} emptyLabel="Choose a client" defaultValue={values.clientId ?? preset.clientId} />
          </FormField>
          <FormField label="Project" name="projectId" error={errors.projectId} description="Optional; it must belong to the client.">
            <OptionSelect
              options={projectOptions(projects, (project) => ` (${clientNames.get(project.clientId) ?? "?"})`)}
              emptyLabel="No project"
              defaultValue={values.projectId ?? preset.projectId}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Tier" name="tier" error={errors.tier}>
              <OptionSelect options={tierOptions(tiers)} defaultValue={values.tier ?? preset.tier} />
            </FormField>
            <FormField label="Due date" name="dueDate" error={errors.dueDate} description="Empty: 14 days from today.">
              <Input type="date" defaultValue={values.dueDate} />
            </FormField>
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Create Invoice
            </Button>
          </div>
        </fetcher.Form>
      </TitledCard>
    </div>
  );
}
