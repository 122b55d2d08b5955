import Download from "lucide-react/icons/download";
import { useActionData } from "react-router";
import type { FormResult } from "~/forms/form-result";
import { buttonVariants } from "~/ui/button";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { ClientCardPayments } from "./client-card-payments";
import { CardPaymentsList, CheckoutReturnNotice, PayByCardForm } from "./pay-by-card";

export type PublicInvoice = {
  invoiceNumber: string;
  status: string;
  clientName: string;
  issued: string;
  dueDate: string | null;
  lines: { id: string; description: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  paymentInstruction: string;
  agencyName: string;
  agencyEmail: string | null;
  pdfHref: string;
};

/**
 * What the client sees of an invoice (at its link, in the client portal): the invoice, its balance, how to pay, and the PDF.
 * `card`: the card payments made, and while card payments are on, 'Pay now' and the return from Stripe's page.
 * How to pay is shown while something is owed.
 */
export function PublicInvoiceView({ invoice, card }: { invoice: PublicInvoice; card: ClientCardPayments }) {
  // 'Pay now' posts to the page's own action: a refusal (nothing owed, the card service down) comes back as its data.
  const refused = useActionData<FormResult>();
  const payError = refused && !refused.ok ? refused.formError : undefined;
  const rows: [string, number, boolean][] = [
    ["Subtotal", invoice.subtotalCents, false],
    ["Discount", invoice.discountCents > 0 ? -invoice.discountCents : 0, false],
    ["Tax", invoice.taxCents, false],
    ["Total", invoice.totalCents, true],
    ["Amount paid", invoice.paidCents, false],
    ["Balance due", invoice.balanceCents, true],
  ];
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-muted-foreground">{invoice.agencyName}</p>
          <h1 className="text-2xl font-bold tracking-tight">Invoice {invoice.invoiceNumber}</h1>
          <p className="text-sm text-muted-foreground">
            For {invoice.clientName} · issued {invoice.issued}
            {invoice.dueDate ? ` · due ${formatDay(invoice.dueDate)}` : ""} · {invoice.status === "paid" ? "paid" : "open"}
          </p>
        </div>
        <a href={invoice.pdfHref} download className={buttonVariants()}>
          <Download className="size-4" aria-hidden="true" /> Download PDF
        </a>
      </header>
      <CheckoutReturnNotice returned={card.returned} />
      <table className="w-full text-sm" aria-label="Invoice lines">
        <thead>
          <tr className="border-b text-left">
            <th className="py-2">Description</th>
            <th className="py-2 text-right">Qty</th>
            <th className="py-2 text-right">Unit price</th>
            <th className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id} className="border-b">
              <td className="py-2">{line.description}</td>
              <td className="py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 text-right tabular-nums">{formatCents(line.unitPriceCents)}</td>
              <td className="py-2 text-right tabular-nums">{formatCents(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid w-full max-w-xs gap-1 text-sm">
        {rows.map(([label, cents, strong]) => (
          <div key={label} className={`flex justify-between ${strong ? "font-semibold" : ""}`}>
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      <CardPaymentsList payments={card.payments} />
      {invoice.balanceCents > 0 || payError ? (
        <section className="rounded-md border p-4 text-sm">
          <h2 className="mb-1 font-semibold">How to pay</h2>
          {card.payable ? <PayByCardForm balanceCents={invoice.balanceCents} /> : null}
          {payError ? (
            <p role="alert" className="mb-3 text-destructive">
              {payError}
            </p>
          ) : null}
          <p>{invoice.paymentInstruction}</p>
          {invoice.agencyEmail ? <p className="mt-2 text-muted-foreground">Questions? Write to {invoice.agencyEmail}.</p> : null}
        </section>
      ) : invoice.agencyEmail ? (
        <p className="text-sm text-muted-foreground">Questions? Write to {invoice.agencyEmail}.</p>
      ) : null}
    </div>
  );
}
