import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { queueClientAndAgencyMail } from "~/email/client-and-agency-mail.server";
import { firstName } from "~/email/template-variables";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { OrganizationSettings } from "~/organization/schema";
import { invoiceLink } from "./invoice-link.server";
import type { InvoiceDetail } from "./invoice-detail.server";
import type { InvoicePayment } from "./schema";

/**
 * A card payment's mail, queued in the transaction that records it (the outbox, keyed by the
 * payment, so a second run queues nothing): the client's receipt (the editable "payment_receipt"
 * template) and the agency's notification ("payment_notification").
 */
export async function queueCardPaymentMail(tx: DatabaseExecutor, detail: InvoiceDetail, payment: InvoicePayment, settings: OrganizationSettings): Promise<void> {
  const { invoice, client } = detail;
  const variables = {
    FirstName: firstName(client.name),
    ClientName: client.name,
    InvoiceNumber: invoice.invoiceNumber,
    AmountPaid: formatCents(payment.amountCents),
    PaidOn: formatDay(payment.paidOn),
    Total: formatCents(invoice.totalCents),
    Balance: formatCents(detail.money.balanceCents),
    InvoiceLink: invoice.viewToken ? invoiceLink(invoice.viewToken) : null,
    PaymentReference: payment.providerPaymentId,
    AdminInvoiceLink: `${config().publicUrl}/admin/invoices/${invoice.id}`,
    CompanyName: settings.companyName ?? "Our studio",
  };
  const metadata = { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, clientId: client.id, paymentId: payment.id };
  await queueClientAndAgencyMail(tx, settings, {
    client,
    templates: { client: "payment_receipt", agency: "payment_notification" },
    eventId: payment.id,
    variables,
    metadata,
    agencyToName: settings.companyName,
  });
}
