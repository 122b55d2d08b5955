import type { Actor } from "~/audit/actor";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { saveTemplateSchema, sendTestSchema, templateFormSchema, templateIdSchema, templateVersionSchema } from "./template-forms";
import { cloneTemplate, createTemplate, deleteTemplate, restoreTemplateVersion, saveTemplate, sendTemplateTest } from "./templates.server";

const LIST = "/admin/templates";

/** Where a list action goes back to: the templates list with its search and page kept. */
function listReturnTo(form: FormData): string {
  const value = form.get("returnTo");
  return typeof value === "string" && /^\/admin\/templates(?:\?[^\r\n\\]*)?$/.test(value) ? value : LIST;
}

const failureTitles = {
  "delete-template": "Failed to delete template",
  "clone-template": "Failed to clone template",
  "save-template": "Failed to save template",
  "create-template": "Failed to create template",
  "send-test": "Failed to send test",
};

/** /admin/templates: delete and clone from a row. */
export async function handleTemplateListAction(request: Request, actor: Actor) {
  return answerForm(
    request,
    {
      "delete-template": async (form) => {
        const { templateId } = parseForm(templateIdSchema, form);
        const deleted = await deleteTemplate(actor, templateId);
        return redirectWithToast(listReturnTo(form), { type: "success", title: "Template deleted", description: `“${deleted.name}” is gone.` });
      },
      "clone-template": async (form) => {
        const { templateId } = parseForm(templateIdSchema, form);
        const copy = await cloneTemplate(actor, templateId);
        return redirectWithToast(listReturnTo(form), { type: "success", title: "Template cloned", description: `“${copy.name}” is ready to edit.` });
      },
    },
    { failureTitles },
  );
}

/** /admin/templates/new. */
export async function handleNewTemplateAction(request: Request, actor: Actor) {
  return answerForm(
    request,
    {
      "create-template": async (form) => {
        const created = await createTemplate(actor, parseForm(templateFormSchema, form));
        return redirectWithToast(`${LIST}/${created.id}`, { type: "success", title: "Template created" });
      },
    },
    { failureTitles },
  );
}

/** /admin/templates/:templateId: the id in the path is read like a form's (a malformed one is refused, 400). */
export async function handleTemplateEditorAction(request: Request, actor: Actor, templateIdParam: string | undefined) {
  const templateIdOf = () => parseForm(templateIdSchema, { templateId: templateIdParam }).templateId;
  const here = `${LIST}/${templateIdParam}`;
  return answerForm(
    request,
    {
      "save-template": async (form) => {
        const { version, ...input } = parseForm(saveTemplateSchema, form);
        const saved = await saveTemplate(actor, templateIdOf(), input, version);
        return redirectWithToast(here, { type: "success", title: "Template saved", description: `Version ${saved.version}; version ${saved.version - 1} is kept under Versions.` });
      },
      "restore-version": async (form) => {
        const { version } = parseForm(templateVersionSchema, form);
        const { version: current } = parseForm(saveTemplateSchema.pick({ version: true }), { version: form.get("currentVersion") });
        const saved = await restoreTemplateVersion(actor, templateIdOf(), version, current);
        return redirectWithToast(here, { type: "success", title: `Version ${version} restored`, description: `Saved as version ${saved.version}.` });
      },
      "clone-template": async () => {
        const copy = await cloneTemplate(actor, templateIdOf());
        return redirectWithToast(`${LIST}/${copy.id}`, { type: "success", title: "Template cloned", description: `You are editing “${copy.name}”.` });
      },
      "delete-template": async () => {
        const deleted = await deleteTemplate(actor, templateIdOf());
        return redirectWithToast(LIST, { type: "success", title: "Template deleted", description: `“${deleted.name}” is gone.` });
      },
      "send-test": async (form) => {
        const { to } = parseForm(sendTestSchema, form);
        const queued = await sendTemplateTest(actor, templateIdOf(), to);
        return { ok: true, toast: "Test e-mail queued", toastDescription: `To ${to}. Follow it in the e-mail log.`, messageId: queued.id };
      },
    },
    { failureTitles },
  );
}
