import { Form, Link, useActionData, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { recordIdParam } from "~/forms/record-id";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import type { Route } from "./+types/contract-templates-page";
import { CONTRACT_PLACEHOLDERS } from "./contract-text";
import { listContractTemplates, saveContractTemplate } from "./contract-templates.server";
import { contractTemplateSchema } from "./proposal-forms";

export const meta: Route.MetaFunction = () => [{ title: "Contract templates | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { templates: await listContractTemplates() };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    save: async (form) => {
      const templateId = recordIdParam(String(form.get("templateId") ?? "")) ?? null;
      const saved = await saveContractTemplate({ actor, templateId, input: parseForm(contractTemplateSchema, form) });
      return redirectWithToast("/admin/proposals/contracts", { type: "success", title: "Contract template saved", description: saved.name });
    },
  }));
}

function TemplateForm({ template, error }: { template: { id: string; name: string; body: string } | null; error?: string }) {
  return (
    <Form method="post" className="grid gap-2 rounded-lg border p-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="templateId" value={template?.id ?? ""} />
      <label className="grid gap-1 text-sm">
        Name
        <Input name="name" defaultValue={template?.name ?? ""} required />
      </label>
      <label className="grid gap-1 text-sm">
        Contract text
        <textarea name="body" defaultValue={template?.body ?? ""} rows={template ? 16 : 6} className="rounded-md border p-2 font-mono text-xs" />
      </label>
      {error ? <p role="alert" className="text-sm text-destructive">{error}</p> : null}
      <Button type="submit">{template ? "Save" : "Add contract template"}</Button>
    </Form>
  );
}

export default function ContractTemplatesPage() {
  const { templates } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult>();
  const error = refused && !refused.ok ? (refused.formError ?? Object.values(refused.fieldErrors ?? {})[0]) : undefined;
  // The refusal shows on the form that was posted (its template, or the new one).
  const errorOf = (templateId: string) => (refused && !refused.ok && (refused.values.templateId ?? "") === templateId ? error : undefined);
  return (
    <div className="grid max-w-3xl gap-4">
      <Link to="/admin/proposals" className="text-sm underline">
        Back to Proposals
      </Link>
      <h1 className="text-2xl font-bold">Contract templates</h1>
      <p className="text-sm text-muted-foreground">
        Placeholders: {CONTRACT_PLACEHOLDERS.map((placeholder) => `{{${placeholder.name}}}`).join(", ")}. A sent proposal keeps the text it was sent with.
      </p>
      {templates.map((template) => (
        <TemplateForm key={template.id} template={template} error={errorOf(template.id)} />
      ))}
      <TemplateForm template={null} error={errorOf("")} />
    </div>
  );
}
