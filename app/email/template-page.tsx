import Copy from "lucide-react/icons/copy";
import * as React from "react";
import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { requireListedRecordById } from "~/forms/record-page.server";
import { DeleteMenuItem } from "~/lists/row-menu";
import { DeleteRowsDialog } from "~/lists/row-deletion";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { MoreActionsMenu } from "~/ui/more-actions-menu";
import type { Route } from "./+types/template-page";
import { handleTemplateEditorAction } from "./template-actions.server";
import { TemplateEditorForm } from "./template-editor";
import { templateDeleteRefusal, templateVersionSchema } from "./template-forms";
import { SendTestPanel, VersionsPanel, VersionView } from "./template-panels";
import { templateDeletion, useCloneTemplate } from "./template-row-actions";
import { findTemplateForEditor, findTemplateVersion, templateSampleValues } from "./templates.server";
import { RecordHeader } from "~/ui/record-header";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.template.name ?? "Template"} | Admin` }];

const TEMPLATES_LIST = { href: "/admin/templates", label: "Back to Email Templates" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const editor = await requireListedRecordById(params.templateId, findTemplateForEditor, { request, context }, "Template not found", TEMPLATES_LIST);
  const askedVersion = templateVersionSchema.safeParse({ version: new URL(request.url).searchParams.get("version") ?? "" });
  const [sampleValues, settings, openVersion] = await Promise.all([
    templateSampleValues(),
    getOrganizationSettings(),
    askedVersion.success ? findTemplateVersion(editor.template.id, askedVersion.data.version) : undefined,
  ]);
  return { ...editor, sampleValues, openVersion: openVersion ?? null, timeZone: settings.timezone, adminEmail: admin.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleTemplateEditorAction(request, actor, params.templateId);
}

export default function TemplatePage() {
  const { template, versions, usedBy, sampleValues, openVersion, timeZone, adminEmail } = useLoaderData<typeof loader>();
  const here = `/admin/templates/${template.id}`;
  const { clone, busy: cloning } = useCloneTemplate(here);
  const [deleting, setDeleting] = React.useState(false);
  const deleteRefusal = templateDeleteRefusal(template);
  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordHeader
        back={{ to: "/admin/templates", label: "Email Templates" }}
        title={
          <>
            {template.name}
            {template.key ? <Badge variant="secondary">System · {template.key}</Badge> : null}
            <Badge variant="outline">v{template.version}</Badge>
          </>
        }
        description={
          <p id="template-kind" className="text-sm text-muted-foreground">
            {template.key ? "The product sends this e-mail; edit its text freely, it cannot be deleted." : "A template of your own, for cadences and test sends."}
            {usedBy.length > 0 ? ` Used by ${usedBy.map((cadence) => `“${cadence.name}”`).join(", ")}.` : ""}
          </p>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={cloning} onClick={() => clone(template.id)} icon={Copy}>
              Clone
            </Button>
            {/* A system template's 'Delete' is there, disabled, saying why, as in the list's row menu. */}
            <MoreActionsMenu label={`More actions for ${template.name}`}>
              <DeleteMenuItem refusal={deleteRefusal} onSelect={() => setDeleting(true)} />
            </MoreActionsMenu>
          </div>
        }
      />

      {openVersion ? <VersionView templateId={template.id} version={openVersion} currentVersion={template.version} sampleValues={sampleValues} timeZone={timeZone} /> : null}

      <TemplateEditorForm
        // A new version (saved or restored) starts the form from the saved text.
        key={template.version}
        initial={{ name: template.name, subject: template.subject, preheader: template.preheader ?? "", bodyHtml: template.bodyHtml, bodyText: template.bodyText }}
        intent="save-template"
        version={template.version}
        sampleValues={sampleValues}
        submitLabel="Save Template"
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <SendTestPanel defaultTo={adminEmail} />
        <VersionsPanel templateId={template.id} current={template} versions={versions} timeZone={timeZone} />
      </div>
      <DeleteRowsDialog rowIds={deleting ? [template.id] : null} deletion={templateDeletion(here)} onOpenChange={setDeleting} />
    </div>
  );
}
