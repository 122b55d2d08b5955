import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions, OptionSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { INVOICE_STATUSES, PAYMENT_METHOD_OPTIONS, projectOptions, tierOptions } from "./invoice-options";
import { centsToDollarsInput } from "~/formatting/money";
import type { Invoice } from "./schema";

type Option = { id: string; name: string | null };

/** Details and summary fields, saved by 'Save Changes'. A paid invoice shows them read-only. */
export function InvoiceDetailsForm({
  invoice,
  clients,
  projects,
  tiers,
  locked,
}: {
  invoice: Invoice;
  clients: Option[];
  projects: (Option & { clientId: string; projectNumber: string })[];
  tiers: { tier: string; name: string }[];
  locked: boolean;
}) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-details" });
  const value = (name: string, fallback: string | null) => values[name] ?? fallback ?? "";
  return (
    <TitledCard title="Details">
      <fetcher.Form method="post" noValidate className="grid gap-4" key={`${invoice.id}-${invoice.updatedAt.toString()}`}>
        <input type="hidden" name="intent" value="save-details" />
        <fieldset disabled={locked} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Client" name="clientId" required error={errors.clientId}>
            <NativeSelect defaultValue={value("clientId", invoice.clientId)}>
              <NativeSelectOptions options={clients.map((client) => ({ value: client.id, label: client.name }))} />
            </NativeSelect>
          </FormField>
          <FormField label="Project" name="projectId" error={errors.projectId}>
            <OptionSelect options={projectOptions(projects)} emptyLabel="No project" defaultValue={value("projectId", invoice.projectId)} />
          </FormField>
          <FormField label="Tier" name="tier" error={errors.tier}>
            <OptionSelect options={tierOptions(tiers)} defaultValue={value("tier", invoice.tier)} />
          </FormField>
          <FormField label="Status" name="status" error={errors.status}>
            <NativeSelect defaultValue={value("status", invoice.status)}>
              <NativeSelectOptions options={INVOICE_STATUSES} />
            </NativeSelect>
          </FormField>
          <FormField label="Due date" name="dueDate" error={errors.dueDate}>
            <Input type="date" defaultValue={value("dueDate", invoice.dueDate)} />
          </FormField>
          <FormField label="Payment method" name="paymentMethod" error={errors.paymentMethod}>
            <OptionSelect options={PAYMENT_METHOD_OPTIONS} defaultValue={value("paymentMethod", invoice.paymentMethod)} />
          </FormField>
          <FormField label="Promo code" name="promoCode" error={errors.promoCode} description="The client's lead's active code gives the promo price.">
            <Input defaultValue={value("promoCode", invoice.promoCode)} maxLength={60} className="font-mono" />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField label="Discount ($)" name="discount" error={errors.discount}>
              <Input inputMode="decimal" defaultValue={value("discount", centsToDollarsInput(invoice.discountCents))} />
            </FormField>
            <FormField label="Tax ($)" name="tax" error={errors.tax}>
              <Input inputMode="decimal" defaultValue={value("tax", centsToDollarsInput(invoice.taxCents))} />
            </FormField>
          </div>
          <FormField label="Notes" name="notes" error={errors.notes} className="sm:col-span-2">
            <Textarea defaultValue={value("notes", invoice.notes)} rows={3} maxLength={5000} />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy || locked}>
              Save Changes
            </Button>
          </div>
        </fieldset>
      </fetcher.Form>
    </TitledCard>
  );
}
