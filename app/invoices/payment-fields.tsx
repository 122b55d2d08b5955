import Banknote from "lucide-react/icons/banknote";
import { FormDialog } from "~/forms/form-dialog";
import { centsToDollarsInput, formatCents } from "~/formatting/money";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { PAYMENT_METHOD_OPTIONS } from "./invoice-options";

/**
 * The fields of 'Record Payment' (paymentSchema): the invoice's Payments panel and the dashboard's
 * Today view ask the same four things. The amount starts at the balance, the date at today.
 */
export function PaymentFields({
  errors,
  values,
  balanceCents,
  today,
  idPrefix = "payment",
}: {
  errors: Partial<Record<string, string>>;
  values: Partial<Record<string, string>>;
  balanceCents: number;
  today: string;
  idPrefix?: string;
}) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Amount ($)" name="amount" id={`${idPrefix}-amount`} error={errors.amount}>
          <Input inputMode="decimal" defaultValue={values.amount ?? centsToDollarsInput(balanceCents)} />
        </FormField>
        <FormField label="Date" name="paidOn" id={`${idPrefix}-date`} error={errors.paidOn}>
          <Input type="date" defaultValue={values.paidOn ?? today} />
        </FormField>
      </div>
      <FormField label="Method" name="method" id={`${idPrefix}-method`} error={errors.method}>
        <NativeSelect defaultValue={values.method ?? "zelle"}>
          <NativeSelectOptions options={PAYMENT_METHOD_OPTIONS} />
        </NativeSelect>
      </FormField>
      <FormField label="Note" name="note" id={`${idPrefix}-note`} error={errors.note}>
        <Input defaultValue={values.note} maxLength={500} />
      </FormField>
    </>
  );
}

/** 'Record Payment' as a dialog, posted to the page's own action (intent `record-payment`, field `invoiceId`). */
export function RecordPaymentDialog({ invoice, today }: { invoice: { id: string; invoiceNumber: string; balanceCents: number }; today: string }) {
  return (
    <FormDialog
      opener={{ label: "Record Payment", icon: Banknote, variant: "outline", ariaLabel: `Record Payment for ${invoice.invoiceNumber}` }}
      title={`Record a payment for ${invoice.invoiceNumber}`}
      description={`${formatCents(invoice.balanceCents)} is still owed.`}
      intent="record-payment"
      fields={{ invoiceId: invoice.id }}
      submitLabel="Record Payment"
    >
      {({ errors, values }) => <PaymentFields errors={errors} values={values} balanceCents={invoice.balanceCents} today={today} idPrefix={`payment-${invoice.id}`} />}
    </FormDialog>
  );
}
