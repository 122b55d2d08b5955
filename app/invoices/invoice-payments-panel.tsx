import Trash2 from "lucide-react/icons/trash";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { paymentMethodLabel } from "./invoice-document";
import { PaymentFields } from "./payment-fields";
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
          <PaymentFields errors={errors} values={values} balanceCents={balanceCents} today={today} />
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
