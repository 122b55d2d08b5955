import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import type { FormResult } from "~/forms/form-result";
import { sourceLabel } from "~/leads/lead-filters";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIERS } from "~/leads/lead-options";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { OptionSelect } from "~/ui/native-select";

export type SendPreview = { recipients: number; suppressed: number };

const STATUS_OPTIONS = LEAD_STATUSES.map((status) => ({ value: status, label: status }));
const SOURCE_OPTIONS = LEAD_SOURCES.map((source) => ({ value: source, label: sourceLabel(source) }));

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
            <OptionSelect options={templates.map((template) => ({ value: template.id, label: template.name }))} emptyLabel="Choose a template…" defaultValue={values.templateId} />
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Leads</legend>
            <FormField label="Search (name, e-mail or promo code)" name="q" error={errors.q}>
              <Input type="search" defaultValue={values.q ?? ""} maxLength={200} />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Status" name="status" error={errors.status}>
                <OptionSelect options={STATUS_OPTIONS} emptyLabel="All statuses" defaultValue={values.status} />
              </FormField>
              <FormField label="Tier" name="tier" error={errors.tier}>
                <OptionSelect options={LEAD_TIERS} emptyLabel="All tiers" defaultValue={values.tier} />
              </FormField>
              <FormField label="Source" name="source" error={errors.source}>
                <OptionSelect options={SOURCE_OPTIONS} emptyLabel="All sources" defaultValue={values.source} />
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
