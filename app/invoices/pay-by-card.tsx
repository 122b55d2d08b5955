import CreditCard from "lucide-react/icons/credit-card";
import { Button } from "~/ui/button";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { CheckoutReturn, ClientCardPayments } from "./client-card-payments";

// What the client's invoice page shows of card payments (decision 047). A plain form: it works
// without JavaScript, and its answer is a redirect to Stripe's hosted page.

const RETURN_NOTICES: Record<Exclude<CheckoutReturn, null>, { title: string; text: string }> = {
  received: { title: "Payment received", text: "Thank you: your card payment is recorded, and a receipt is on its way to your e-mail." },
  processing: { title: "Processing…", text: "Stripe is confirming your payment. This page refreshes by itself until it is recorded." },
  cancelled: { title: "Payment cancelled", text: "Nothing was charged. You can pay whenever you are ready." },
};

/** Back from Stripe's page: what the webhook has recorded so far, never a guess. */
export function CheckoutReturnNotice({ returned }: { returned: CheckoutReturn }) {
  if (!returned) return null;
  const notice = RETURN_NOTICES[returned];
  return (
    <div role="status" className="rounded-md border bg-muted/50 px-4 py-3 text-sm">
      <p className="font-semibold">{notice.title}</p>
      <p>
        {notice.text}
        {returned === "processing" ? (
          <>
            {" "}
            <a href="" className="underline underline-offset-4">
              Refresh
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** 'Pay now': the balance by card, on Stripe's hosted page. */
export function PayByCardForm({ balanceCents }: { balanceCents: number }) {
  return (
    <form method="post" className="mb-3 grid gap-2 border-b pb-3">
      <input type="hidden" name="intent" value="pay-by-card" />
      <p>Pay {formatCents(balanceCents)} by card, securely through Stripe.</p>
      <div>
        <Button type="submit" icon={CreditCard}>
          Pay now
        </Button>
      </div>
    </form>
  );
}

/** The card payments and refunds of the invoice, as Stripe's webhook recorded them. */
export function CardPaymentsList({ payments }: { payments: ClientCardPayments["payments"] }) {
  if (payments.length === 0) return null;
  return (
    <ul className="ml-auto grid w-full max-w-xs gap-1 text-sm" aria-label="Card payments">
      {payments.map((payment) => (
        <li key={payment.id} className="flex justify-between gap-4 text-muted-foreground">
          <span>
            {formatDay(payment.paidOn)} · {payment.amountCents < 0 ? "Refunded to card" : "Paid by card"}
          </span>
          <span className="tabular-nums">{formatCents(payment.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}
