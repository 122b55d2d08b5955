import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { BackLink } from "~/ui/back-link";
import type { Route } from "./+types/new-template-page";
import { handleNewTemplateAction } from "./template-actions.server";
import { TemplateEditorForm, type TemplateDraft } from "./template-editor";
import { templateSampleValues } from "./templates.server";

export const meta: Route.MetaFunction = () => [{ title: "New Template | Admin" }];

const STARTER: TemplateDraft = {
  name: "",
  subject: "",
  preheader: "",
  bodyHtml: "<p>Hi {{FirstName}},</p>\n<p></p>\n<p>Warmly,<br>{{CompanyName}}</p>",
  bodyText: "Hi {{FirstName}},\n\n\n\nWarmly,\n{{CompanyName}}",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { sampleValues: await templateSampleValues() };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleNewTemplateAction(request, actor);
}

export default function NewTemplatePage() {
  const { sampleValues } = useLoaderData<typeof loader>();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <BackLink to="/admin/templates" look="quiet">Email Templates</BackLink>
        <h1 className="text-2xl font-bold tracking-tight">New Template</h1>
      </div>
      <TemplateEditorForm initial={STARTER} intent="create-template" sampleValues={sampleValues} submitLabel="Create Template" />
    </div>
  );
}
