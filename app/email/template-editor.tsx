import Save from "lucide-react/icons/save";
import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Textarea } from "~/ui/textarea";
import { problemsMessage, templateProblems, type TemplateFields } from "./template-checks";
import { TEMPLATE_LIMITS } from "./template-forms";
import { renderEmailTemplate } from "./template-rendering";
import { TEMPLATE_VARIABLES } from "./template-variables";

export type TemplateDraft = TemplateFields & { name: string };

type FieldName = keyof TemplateDraft;
type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The message as it would go out with the sample values: what the preview and 'Send test' show. */
export function EmailPreview({ draft, sampleValues, label = "Preview" }: { draft: TemplateFields; sampleValues: Record<string, string>; label?: string }) {
  const rendered = React.useMemo(() => renderEmailTemplate(draft, sampleValues), [draft, sampleValues]);
  const preheader = React.useMemo(() => renderEmailTemplate({ subject: draft.preheader, bodyHtml: "", bodyText: "" }, sampleValues).subject, [draft.preheader, sampleValues]);
  return (
    <section aria-label={label} className="grid gap-3">
      <dl className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
        <div className="flex gap-2">
          <dt className="w-20 shrink-0 text-muted-foreground">Subject</dt>
          <dd data-testid="preview-subject" className="font-medium">
            {rendered.subject || "—"}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-20 shrink-0 text-muted-foreground">Preheader</dt>
          <dd data-testid="preview-preheader">{preheader || "—"}</dd>
        </div>
      </dl>
      <iframe title={`${label}: HTML`} srcDoc={rendered.html} sandbox="" className="h-96 w-full rounded-md border bg-white" />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Text version</summary>
        <pre data-testid="preview-text" className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm">
          {rendered.text}
        </pre>
      </details>
    </section>
  );
}

/**
 * The template editor: the fields on the left, the variables and a live preview (rendered in the
 * browser with the sample values as you type) on the right. Problems with placeholders show under
 * their field while typing; the save refuses them with the same messages.
 */
export function TemplateEditorForm({
  initial,
  intent,
  version,
  sampleValues,
  submitLabel,
}: {
  initial: TemplateDraft;
  intent: "create-template" | "save-template";
  version?: number;
  sampleValues: Record<string, string>;
  submitLabel: string;
}) {
  const { fetcher, busy, errors } = useFormAction({ intent });
  const [draft, setDraft] = React.useState<TemplateDraft>(initial);
  const [target, setTarget] = React.useState<FieldName>("bodyHtml");
  const problems = React.useMemo(() => templateProblems(draft), [draft]);

  const bind = (name: FieldName) => ({
    name,
    value: draft[name],
    onFocus: () => setTarget(name === "name" ? "bodyHtml" : name),
    onChange: (event: React.ChangeEvent<TextControl>) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const errorOf = (name: keyof TemplateFields) => errors[name] ?? (problems[name] ? problemsMessage(problems[name]) : undefined);

  const insert = (variable: string) => {
    // FormField gives each control its field name as id.
    const element = document.getElementById(target) as TextControl | null;
    const token = `{{${variable}}}`;
    const value = draft[target];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setDraft((current) => ({ ...current, [target]: value.slice(0, start) + token + value.slice(end) }));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <TitledCard title="Template">
        <fetcher.Form method="post" noValidate className="grid gap-4" aria-label="Template">
          <input type="hidden" name="intent" value={intent} />
          {version ? <input type="hidden" name="version" value={version} /> : null}
          <FormField label="Name" name="name" required error={errors.name}>
            <Input {...bind("name")} maxLength={TEMPLATE_LIMITS.name} />
          </FormField>
          <FormField label="Subject" name="subject" required error={errorOf("subject")}>
            <Input {...bind("subject")} maxLength={TEMPLATE_LIMITS.subject} />
          </FormField>
          <FormField label="Preheader" name="preheader" error={errorOf("preheader")} description="The line inboxes show after the subject.">
            <Input {...bind("preheader")} maxLength={TEMPLATE_LIMITS.preheader} />
          </FormField>
          <FormField label="HTML body" name="bodyHtml" required error={errorOf("bodyHtml")} description="Inside the standard layout. Values are HTML-escaped; images need alt text.">
            <Textarea {...bind("bodyHtml")} rows={14} className="font-mono text-xs" spellCheck={false} />
          </FormField>
          <FormField label="Text body" name="bodyText" required error={errorOf("bodyText")} description="For mail clients that show no HTML; keep it saying the same as the HTML body.">
            <Textarea {...bind("bodyText")} rows={10} className="font-mono text-xs" />
          </FormField>
          <div>
            <Button type="submit" disabled={busy} icon={Save}>
              {submitLabel}
            </Button>
          </div>
        </fetcher.Form>
      </TitledCard>
      <div className="grid content-start gap-6">
        <TitledCard title="Preview" description="With sample values, as you type.">
          <EmailPreview draft={draft} sampleValues={sampleValues} />
        </TitledCard>
        <TitledCard title="Variables" description={<>Click one to insert it where the cursor was ({target === "bodyHtml" ? "HTML body" : target === "bodyText" ? "text body" : target}).</>}>
          <ul className="grid gap-1 text-sm" aria-label="Variables">
            {TEMPLATE_VARIABLES.map((variable) => (
              <li key={variable.name} className="flex flex-wrap items-baseline gap-x-2">
                <button
                  type="button"
                  onClick={() => insert(variable.name)}
                  className="rounded font-mono text-xs text-primary hover:underline focus-visible:outline-2"
                  aria-label={`Insert {{${variable.name}}}`}
                >
                  {`{{${variable.name}}}`}
                </button>
                <span className="wrap-anywhere text-muted-foreground">
                  {variable.description} — e.g. “{sampleValues[variable.name] ?? variable.sample}”
                </span>
              </li>
            ))}
          </ul>
        </TitledCard>
      </div>
    </div>
  );
}
