import Trash2 from "lucide-react/icons/trash";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDay } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { centsToDollarsInput, formatCents } from "~/formatting/money";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { paymentMethodLabel } from "./invoice-document";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./invoice-options";
import type { InvoicePayment } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

function RemovePayment({ payment }: { payment: InvoicePayment }) {
  const { fetcher, busy } = useFormAction({ intent: "delete-payment", key: `payment-${payment.id}` });
  return (
    <fetcher.Form method="post" noValidate>
      <HiddenInputs fields={{ intent: "delete-payment", paymentId: payment.id }} />
      <Button type="submit" size="icon" variant="ghost" disabled={busy} aria-label={`Remove payment of ${formatCents(payment.amountCents)}`} icon={Trash2} />
    </fetcher.Form>
  );
}

/** Payments: record a partial or full payment, see what was paid and the balance, remove a mistaken one. */
export function InvoicePaymentsPanel({ payments, balanceCents, today }: { payments: InvoicePayment[]; balanceCents: number; today: string }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "record-payment" });
  return (
    <TitledCard title="Payments" contentClassName="grid gap-4">
      {payments.length === 0 ? <p className="text-sm text-muted-foreground">No payments recorded.</p> : null}
      <ul className="grid gap-2" aria-label="Payments received">
        {payments.map((payment) => (
          <li key={payment.id} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {formatDay(payment.paidOn)} · {payment.amountCents < 0 ? "Refund" : paymentMethodLabel(payment.method)}
              {payment.note ? ` · ${payment.note}` : ""}
              {/* Recorded by Stripe's webhook: its id, to find it in Stripe's Dashboard. */}
              {payment.providerPaymentId ? <span className="block text-xs break-all text-muted-foreground">Stripe {payment.providerPaymentId}</span> : null}
            </span>
            <span className="flex items-center gap-1 tabular-nums">
              {formatCents(payment.amountCents)} {payment.providerPaymentId ? null : <RemovePayment payment={payment} />}
            </span>
          </li>
        ))}
      </ul>
      {balanceCents > 0 ? (
        <fetcher.Form method="post" noValidate className="grid gap-3 border-t pt-4" key={`${payments.length}-${balanceCents}`}>
          <input type="hidden" name="intent" value="record-payment" />
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Amount ($)" name="amount" error={errors.amount}>
              <Input inputMode="decimal" defaultValue={values.amount ?? centsToDollarsInput(balanceCents)} />
            </FormField>
            <FormField label="Date" name="paidOn" error={errors.paidOn}>
              <Input type="date" defaultValue={values.paidOn ?? today} />
            </FormField>
          </div>
          <FormField label="Method" name="method" error={errors.method}>
            <NativeSelect defaultValue={values.method ?? "zelle"}>
              <NativeSelectOptions options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))} />
            </NativeSelect>
          </FormField>
          <FormField label="Note" name="note" error={errors.note}>
            <Input defaultValue={values.note} maxLength={500} />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Record Payment
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </TitledCard>
  );
}
