import { Plus } from "lucide-react";
import { useFormAction, useFormDialog } from "~/forms/use-form-action";
import { TIER_IDS } from "~/settings/tier-catalog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { tierLabel, type TierNames } from "./client-display";
import { CLIENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "./client-form";
import { CLIENT_STATUSES, PAYMENT_STATUSES, type ClientStatus, type PaymentStatus } from "./client-options";

// The clients directory's forms: Add Client and the rows' status selects (intents of the page's action).

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
  const options = intent === "status" ? CLIENT_STATUSES : PAYMENT_STATUSES;
  const labels: Record<string, string> = intent === "status" ? CLIENT_STATUS_LABELS : PAYMENT_STATUS_LABELS;
  const pending = fetcher.formData?.get(field);
  const shown = typeof pending === "string" ? pending : value;
  return (
    <fetcher.Form method="post" className="flex items-center gap-1" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="clientId" value={clientId} />
      <NativeSelect
        name={field}
        value={shown}
        aria-label={`${intent === "status" ? "Status" : "Payment status"} of ${clientName}`}
        compact
        wrapperClassName="w-full min-w-28"
        onChange={(event) => void fetcher.submit(event.currentTarget.form)}
      >
        {options.map((option) => (
          <NativeSelectOption key={option} value={option}>
            {labels[option]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
    </fetcher.Form>
  );
}

export function AddClientDialog({ tiers }: { tiers: TierNames }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog({ intent: "create" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Add Client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>The client starts active, with a draft invoice for their tier.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="create" />
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
              {TIER_IDS.map((tier) => (
                <NativeSelectOption key={tier} value={tier}>
                  {tierLabel(tiers, tier)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Notes" name="notes" error={errors.notes}>
            <Textarea defaultValue={values.notes} rows={3} maxLength={5000} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : "Add Client"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
