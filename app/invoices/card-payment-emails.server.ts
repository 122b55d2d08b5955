import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { invoiceLink } from "./invoice-link.server";
import type { InvoiceDetail } from "./invoice-detail.server";
import type { InvoicePayment } from "./schema";
import { agencyAddress } from "~/organization/agency-address";


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
  await enqueueTemplatedEmail(tx, {
    templateKey: "payment_receipt",
    to: client.email,
    toName: client.name,
    emailType: "payment_receipt",
    leadId: client.leadId,
    metadata,
    dedupeKey: `payment-receipt:${payment.id}`,
    variables,
    portalLink: clientPortalLink(settings),
  });
  const agency = agencyAddress(settings);
  if (!agency) return;
  await enqueueTemplatedEmail(tx, {
    templateKey: "payment_notification",
    to: agency,
    toName: settings.companyName,
    emailType: "payment_notification",
    metadata,
    dedupeKey: `payment-notification:${payment.id}`,
    variables,
  });
}
