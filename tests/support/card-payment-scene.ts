import { eq } from "drizzle-orm";
import { systemActor } from "~/audit/actor";
import { addClient } from "~/clients/add-client.server";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { createCheckoutSession } from "~/invoices/create-checkout-session.server";
import { cardCheckoutSessions, paymentProviderEvents } from "~/invoices/schema";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { addLineItem } from "~/invoices/add-line-item.server";
import { createInvoice } from "~/invoices/create-invoice.server";
import { findInvoiceDetail } from "~/invoices/invoice-detail.server";
import type { StandInSession, StripeStandIn } from "./stripe-stand-in";

/** A client's invoice of one line, sent (so it has its link), as a client would receive it. */
export async function sentInvoice({ name = "Mesa Verde Catering", email = "rosa@mesaverde.test", cents = 49_900 } = {}) {
  const { client } = await addClient({ actor: systemActor("console"), input: { name, email, phone: null, tier: "1", notes: null } });
  const invoice = await createInvoice({ actor: systemActor("console"), input: { clientId: client.id, projectId: null, tier: null, dueDate: "2030-01-15" } });
  await addLineItem({ actor: systemActor("console"), invoiceId: invoice.id, input: { description: "Starter website", quantity: 1, unitPrice: cents } });
  await sendInvoice({ actor: systemActor("console"), invoiceId: invoice.id });
  const detail = await findInvoiceDetail(invoice.id);
  if (!detail?.invoice.viewToken) throw new Error("The invoice was not sent");
  return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, clientId: client.id, email, viewToken: detail.invoice.viewToken };
}

/** 'Pay now' as the client clicks it: the Checkout Session the stand-in opened for the invoice. */
export async function openCheckout(standIn: StripeStandIn, invoiceId: string, returnsTo: "link" | "portal" = "link"): Promise<StandInSession> {
  const { url } = await createCheckoutSession({ invoiceId, returnsTo });
  const session = [...standIn.sessions.values()].find((candidate) => candidate.url === url);
  if (!session) throw new Error(`No session of the stand-in has the page ${url}`);
  return session;
}

/** Everything a card payment may have written about an invoice: to prove that something changed nothing. */
export async function ledgerOf(invoiceId: string) {
  const detail = await findInvoiceDetail(invoiceId);
  const [events, checkouts, mail] = await Promise.all([
    db().select().from(paymentProviderEvents),
    db().select().from(cardCheckoutSessions).where(eq(cardCheckoutSessions.invoiceId, invoiceId)),
    db().select().from(emailOutbox),
  ]);
  return {
    status: detail?.invoice.status,
    paidDate: detail?.invoice.paidDate,
    balanceCents: detail?.money.balanceCents,
    payments: detail?.payments ?? [],
    events,
    paidCheckouts: checkouts.filter((checkout) => checkout.paymentId !== null).length,
    receipts: mail.filter((message) => message.emailType === "payment_receipt" && message.metadata.invoiceId === invoiceId),
    notifications: mail.filter((message) => message.emailType === "payment_notification" && message.metadata.invoiceId === invoiceId),
  };
}
