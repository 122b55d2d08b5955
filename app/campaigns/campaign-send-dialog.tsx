import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import type { FormResult } from "~/forms/form-result";
import { sourceLabel } from "~/leads/lead-filters";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIERS } from "~/leads/lead-options";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";

export type SendPreview = { recipients: number; suppressed: number };

function isPreview(answer: FormResult<SendPreview> | undefined): answer is FormResult<SendPreview> & { ok: true } {
  return Boolean(answer && answer.ok && "recipients" in answer);
}

/**
 * 'Send campaign e-mail': a template and a segment of leads (the leads list's filters), then
 * 'Preview recipients' shows how many leads it reaches, and only then can the send be confirmed.
 * Changing a field asks for a new preview, so what is confirmed is what was counted.
 */
export function CampaignSendDialog({
  open,
  onOpenChange,
  action,
  templates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The campaign's page, whose action previews and starts the send. */
  action: string;
  templates: { id: string; name: string; subject: string }[];
}) {
  const [preview, setPreview] = React.useState<SendPreview | null>(null);
  const confirming = preview !== null && preview.recipients > 0;
  const change = (next: boolean) => {
    if (next) setPreview(null);
    onOpenChange(next);
  };
  return (
    <FormDialog<SendPreview>
      open={open}
      onOpenChange={change}
      title="Send campaign e-mail"
      description="Each lead of the segment gets the template once, filled with their own details, as marketing mail: addresses that unsubscribed are skipped."
      action={action}
      intent={confirming ? "start-send" : "preview-send"}
      submitLabel={confirming ? `Send to ${preview.recipients} lead(s)` : "Preview recipients"}
      width="md"
      staysOpen={isPreview}
      onSuccess={(answer) => {
        if (isPreview(answer)) setPreview({ recipients: answer.recipients, suppressed: answer.suppressed });
      }}
    >
      {({ errors, values }) => (
        <div className="grid gap-4" onChange={() => setPreview(null)}>
          <FormField label="Template" name="templateId" required error={errors.templateId}>
            <NativeSelect defaultValue={values.templateId ?? ""}>
              <NativeSelectOption value="">Choose a template…</NativeSelectOption>
              {templates.map((template) => (
                <NativeSelectOption key={template.id} value={template.id}>
                  {template.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Leads</legend>
            <FormField label="Search (name, e-mail or promo code)" name="q" error={errors.q}>
              <Input type="search" defaultValue={values.q ?? ""} maxLength={200} />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Status" name="status" error={errors.status}>
                <NativeSelect defaultValue={values.status ?? ""}>
                  <NativeSelectOption value="">All statuses</NativeSelectOption>
                  {LEAD_STATUSES.map((status) => (
                    <NativeSelectOption key={status} value={status}>
                      {status}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label="Tier" name="tier" error={errors.tier}>
                <NativeSelect defaultValue={values.tier ?? ""}>
                  <NativeSelectOption value="">All tiers</NativeSelectOption>
                  {LEAD_TIERS.map((tier) => (
                    <NativeSelectOption key={tier.value} value={tier.value}>
                      {tier.label}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label="Source" name="source" error={errors.source}>
                <NativeSelect defaultValue={values.source ?? ""}>
                  <NativeSelectOption value="">All sources</NativeSelectOption>
                  {LEAD_SOURCES.map((source) => (
                    <NativeSelectOption key={source} value={source}>
                      {sourceLabel(source)}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
          </fieldset>
          <p role="status" className="text-sm">
            {preview
              ? `${preview.recipients} lead(s) match; ${preview.recipients - preview.suppressed} will receive it${preview.suppressed ? ` (${preview.suppressed} unsubscribed)` : ""}.`
              : "Preview the recipients before you send."}
          </p>
        </div>
      )}
    </FormDialog>
  );
}
