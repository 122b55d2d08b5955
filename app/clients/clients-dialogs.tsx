import { useLocation } from "react-router";
import { FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { ListFilters } from "~/lists/list-filters";
import { TierOptions } from "~/organization/tier-options";
import type { TierNames } from "~/organization/tier-names";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { CLIENT_STATUS_LABELS, clientRowFieldName, PAYMENT_STATUS_LABELS } from "./client-form";
import type { ClientListView } from "./client-list-view";
import { CLIENT_STATUSES, PAYMENT_STATUSES, type ClientStatus, type PaymentStatus } from "./client-options";

// The clients directory's forms: its filters, Add Client, the rows' status selects and their one form (intents of the page's action).

const FILTERS = [
  { name: "status", label: "Status", allLabel: "All statuses", options: CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] })), width: "w-40" },
  { name: "payment", label: "Payment", allLabel: "All payments", options: PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })), width: "w-40" },
] as const;

export function ClientFilters({ view }: { view: ClientListView }) {
  return <ListFilters label="Filter clients" view={view} search={{ placeholder: "Search by name or email" }} selects={FILTERS} />;
}

/** A client's statuses, or their payment statuses, as a select's options. */
export function StatusOptions({ of }: { of: "status" | "payment" }) {
  const labels: Record<string, string> = of === "status" ? CLIENT_STATUS_LABELS : PAYMENT_STATUS_LABELS;
  return <NativeSelectOptions options={(of === "status" ? CLIENT_STATUSES : PAYMENT_STATUSES).map((value) => ({ value, label: labels[value] }))} />;
}

/** The clients list's one form, which the rows' selects name: saved at once by its Save button, shown without JavaScript. */
const CLIENT_ROWS_FORM = "client-rows";

/**
 * The form the rows' selects belong to (`form` attribute), so that a row carries no form of its own
 * (decision 043). It posts back to the list as it is shown. With JavaScript a select saves itself
 * on change and the form is never posted; its box is the page grid's nothing (`contents`).
 */
export function ClientRowsForm() {
  const location = useLocation();
  return (
    <form id={CLIENT_ROWS_FORM} method="post" action={`${location.pathname}${location.search}`} className="contents" noValidate>
      <input type="hidden" name="intent" value="rows" />
      <noscript>
        <div className="flex justify-end">
          <Button type="submit">Save changes</Button>
        </div>
      </noscript>
    </form>
  );
}

/** A select that saves its row's value as soon as it changes; the action's answer is the toast. */
export function InlineStatusSelect({
  clientId,
  clientName,
  intent,
  value,
}: {
  clientId: string;
  clientName: string;
  intent: "status" | "payment";
  value: ClientStatus | PaymentStatus;
}) {
  const { fetcher } = useFormAction({ intent });
  const field = intent === "status" ? "status" : "paymentStatus";
  const pending = fetcher.formData?.get(field);
  const shown = typeof pending === "string" ? pending : value;
  return (
    <NativeSelect
      form={CLIENT_ROWS_FORM}
      name={clientRowFieldName(intent, clientId)}
      value={shown}
      aria-label={`${intent === "status" ? "Status" : "Payment status"} of ${clientName}`}
      compact
      onChange={(event) => void fetcher.submit({ intent, clientId, [field]: event.currentTarget.value }, { method: "post", action: "/admin/clients" })}
    >
      <StatusOptions of={intent} />
    </NativeSelect>
  );
}

export function AddClientDialog({ open, onOpenChange, tierNames }: { open: boolean; onOpenChange: (open: boolean) => void; tierNames: TierNames }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Client"
      description="The client starts active, with a draft invoice for their tier."
      action="/admin/clients"
      intent="create"
      submitLabel="Add Client"
    >
      {({ errors, values }) => (
        <>
          <FormField label="Name" name="name" required error={errors.name}>
            <Input defaultValue={values.name} autoComplete="off" maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" required error={errors.email}>
            <Input type="email" defaultValue={values.email} autoComplete="off" maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" error={errors.phone}>
            <Input type="tel" defaultValue={values.phone} autoComplete="off" maxLength={40} />
          </FormField>
          <FormField label="Tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? "1"}>
              <TierOptions tierNames={tierNames} />
            </NativeSelect>
          </FormField>
          <FormField label="Notes" name="notes" error={errors.notes}>
            <Textarea defaultValue={values.notes} rows={3} maxLength={5000} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
