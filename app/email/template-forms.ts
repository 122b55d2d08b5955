import { recordId } from "~/forms/record-id";
import { z } from "~/forms/zod";
import { formatCount } from "~/formatting/dates";
import { listParam, listInOneOrder } from "~/lists/list-view";
import { imagesWithoutAlt, placeholderProblems, problemsMessage, type TemplateProblem } from "./template-checks";

// The Templates screens' forms: one zod schema each, used by the editor and again by its action.

export const TEMPLATE_LIMITS = { name: 200, subject: 300, preheader: 300, bodyHtml: 200_000, bodyText: 100_000 } as const;

/** A text whose placeholders are checked: an unknown variable or a broken placeholder is its field error. */
const checkedText = (label: string, max: number, options: { required: boolean; extra?: (value: string) => TemplateProblem[] }) =>
  z
    .string({ error: `${label} is required` })
    .max(max, `Use at most ${formatCount(max)} characters`)
    .superRefine((value, context) => {
      if (options.required && !value.trim()) {
        context.addIssue({ code: "custom", message: `${label} is required` });
        return;
      }
      const problems = [...placeholderProblems(value), ...(options.extra?.(value) ?? [])];
      if (problems.length > 0) context.addIssue({ code: "custom", message: problemsMessage(problems) });
    });

export const templateFormSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(TEMPLATE_LIMITS.name, `Use at most ${TEMPLATE_LIMITS.name} characters`),
  // One line: it becomes the Subject header.
  subject: checkedText("Subject", TEMPLATE_LIMITS.subject, { required: true }).transform((value) => value.replace(/\s+/g, " ").trim()),
  preheader: checkedText("Preheader", TEMPLATE_LIMITS.preheader, { required: false })
    .optional()
    .transform((value) => (value?.trim() ? value.replace(/\s+/g, " ").trim() : null)),
  bodyHtml: checkedText("HTML body", TEMPLATE_LIMITS.bodyHtml, { required: true, extra: imagesWithoutAlt }),
  // Required: a message carries matching HTML and text parts (mail clients and spam filters read both).
  bodyText: checkedText("Text body", TEMPLATE_LIMITS.bodyText, { required: true }),
});
export type TemplateInput = z.infer<typeof templateFormSchema>;

/** Saving an existing template also says which version the editor opened, so a save never silently overwrites another. */
export const saveTemplateSchema = templateFormSchema.extend({
  version: z.coerce.number({ error: "Reload the page and try again" }).int().min(1),
});

export const templateIdSchema = z.object({ templateId: recordId("Template not found") });

export const templateVersionSchema = z.object({ version: z.coerce.number({ error: "Version not found" }).int().min(1, "Version not found") });

export const sendTestSchema = z.object({
  to: z
    .string({ error: "Enter a valid e-mail address" })
    .trim()
    .max(254, "Use at most 254 characters")
    .pipe(z.email("Enter a valid e-mail address")),
});

const TEMPLATE_FILTERS = { q: listParam.search() };

/** The templates list's view in the URL: its search (name or subject) and page, by name. */
export const TEMPLATE_LIST_VIEW = listInOneOrder(TEMPLATE_FILTERS, "name", "asc");

/** The reason a system template (the product sends it) is not deleted: on its disabled 'Delete', and as the refusal of a posted one. */
export const SYSTEM_TEMPLATE_KEPT = "System template: edit it, it cannot be deleted";

/** Why this template may not be deleted, or null when it may (a cadence's use is the server's to say, naming them). */
export function templateDeleteRefusal(template: { key: string | null }): string | null {
  return template.key === null ? null : SYSTEM_TEMPLATE_KEPT;
}
