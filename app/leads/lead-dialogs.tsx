import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { FormDialog } from "~/forms/form-dialog";
import type { RowDeletion } from "~/lists/row-deletion";
import { Button } from "~/ui/button";
import { ModalDialog } from "~/ui/modal-dialog";
import { formatDateTime } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, OptionSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { PromoStatusBadge } from "./lead-display";
import { BUSINESS_TYPES, INDUSTRIES, LEAD_TIERS } from "./lead-options";
import { PROMO_EXTENSION, promoStateAt, type PromoFields } from "./promo-state";
import type { Lead } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** Where lead forms post: the list route handles every lead action. */
export const LEAD_ACTIONS_URL = "/admin/leads";

export function AddLeadDialog({ open, onOpenChange, returnTo }: { open: boolean; onOpenChange: (open: boolean) => void; returnTo: string }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Lead"
      description="A lead you met outside the website. Its source is manual and its status new."
      action={LEAD_ACTIONS_URL}
      intent="add-lead"
      fields={{ returnTo }}
      submitLabel="Add Lead"
    >
      {({ errors, values }) => {
        const requiredError = errors.name ?? errors.email;
        return (
          <>
            {requiredError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {requiredError}
              </p>
            ) : null}
            <FormField label="Name" name="name" required>
              <Input defaultValue={values.name} autoComplete="off" maxLength={120} />
            </FormField>
            <FormField label="Email" name="email" required error={errors.email && errors.email !== requiredError ? errors.email : null}>
              <Input type="email" defaultValue={values.email} autoComplete="off" maxLength={254} />
            </FormField>
            <FormField label="Phone" name="phone" error={errors.phone}>
              <Input type="tel" defaultValue={values.phone} maxLength={40} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Business type" name="businessType">
                <OptionSelect options={BUSINESS_TYPES} defaultValue={values.businessType} />
              </FormField>
              <FormField label="Industry" name="industry">
                <OptionSelect options={INDUSTRIES} defaultValue={values.industry} />
              </FormField>
            </div>
            <FormField label="Tier" name="tier">
              <OptionSelect options={LEAD_TIERS} defaultValue={values.tier} />
            </FormField>
            <FormField label="Message" name="message" error={errors.message}>
              <Textarea defaultValue={values.message} rows={3} maxLength={5000} />
            </FormField>
          </>
        );
      }}
    </FormDialog>
  );
}

export function EditPromoDialog({
  lead,
  onOpenChange,
  returnTo,
  timeZone,
  now,
}: {
  lead: (Pick<Lead, "id" | "name"> & PromoFields) | null;
  onOpenChange: (open: boolean) => void;
  returnTo: string;
  timeZone: string;
  now: Date;
}) {
  const open = Boolean(lead);
  const close = () => onOpenChange(false);
  const { fetcher: extend, busy: extending, errors, values } = useFormAction({ intent: "extend-promo", open, onSuccess: close });
  const { fetcher: toggle, busy: toggling } = useFormAction({ intent: "set-promo-enabled", open, onSuccess: close });
  const state = lead ? promoStateAt(lead, now) : null;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      width="md"
      title="Edit Promo"
      description={
        lead ? (
          <>
            <span className="font-mono">{lead.promoCode}</span> for {lead.name}
          </>
        ) : null
      }
    >
        {lead ? (
          <div className="grid gap-5">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <PromoStatusBadge promo={lead} now={now} />
              </dd>
              <dt className="text-muted-foreground">Expires</dt>
              <dd>{lead.promoExpiresAt ? formatDateTime(lead.promoExpiresAt, timeZone) : "—"}</dd>
            </dl>
            <extend.Form method="post" action={LEAD_ACTIONS_URL} className="grid gap-3" noValidate>
              <HiddenInputs fields={{ intent: "extend-promo", leadId: lead.id, returnTo }} />
              <FormField
                label="Extend by (days)"
                name="days"
                error={errors.days}
                description={`From ${PROMO_EXTENSION.min} to ${PROMO_EXTENSION.max} days, added to the current expiry (or to now if it has passed).`}
              >
                <Input type="number" min={PROMO_EXTENSION.min} max={PROMO_EXTENSION.max} step={1} defaultValue={values.days ?? PROMO_EXTENSION.default} />
              </FormField>
              <Button type="submit" disabled={extending || state === "used"}>
                Extend Expiry
              </Button>
            </extend.Form>
            <toggle.Form method="post" action={LEAD_ACTIONS_URL} className="flex items-center justify-between gap-3 border-t pt-4">
              <HiddenInputs fields={{ intent: "set-promo-enabled", leadId: lead.id, returnTo, enabled: state === "disabled" ? "true" : "false" }} />
              <p className="text-sm text-muted-foreground">
                {state === "disabled" ? "This code is disabled and cannot be used." : "Disable the code to stop it being used."}
              </p>
              <Button type="submit" variant={state === "disabled" ? "default" : "outline"} disabled={toggling || state === "used"}>
                {state === "disabled" ? "Enable Promo" : "Disable Promo"}
              </Button>
            </toggle.Form>
          </div>
        ) : null}
    </ModalDialog>
  );
}

/** Deleting leads: the list's row menu and bar, and the lead's own page. */
export const LEAD_DELETION: RowDeletion = {
  noun: "lead",
  plural: "leads",
  action: LEAD_ACTIONS_URL,
  intent: "delete-leads",
  field: "leadIds",
};

/**
 * Inline status selector: a bare select that posts on change (no form and hidden fields per row:
 * a list shows 25 of them; a select alone never submitted without the app either).
 */
export function LeadStatusSelect({ lead, returnTo, id }: { lead: Pick<Lead, "id" | "name" | "status">; returnTo: string; id?: string }) {
  const { fetcher } = useFormAction({ intent: "change-status" });
  const optimistic = fetcher.formData?.get("status");
  const value = typeof optimistic === "string" ? optimistic : lead.status;
  return (
    <NativeSelect
      id={id}
      aria-label={`Status of ${lead.name}`}
      value={value}
      compact
      onChange={(event) =>
        void fetcher.submit({ intent: "change-status", leadId: lead.id, status: event.currentTarget.value, returnTo }, { method: "post", action: LEAD_ACTIONS_URL })
      }
    >
      <NativeSelectOption value="new">new</NativeSelectOption>
      <NativeSelectOption value="contacted">contacted</NativeSelectOption>
      <NativeSelectOption value="converted">converted</NativeSelectOption>
    </NativeSelect>
  );
}

/** Resend the promo e-mail (a one-button form; refusals come back as the 'Error' toast). */
export function useResendPromo() {
  const { fetcher } = useFormAction({ intent: "resend-promo" });
  return React.useCallback(
    (leadId: string, returnTo: string) =>
      void fetcher.submit({ intent: "resend-promo", leadId, returnTo }, { method: "post", action: LEAD_ACTIONS_URL }),
    [fetcher],
  );
}
