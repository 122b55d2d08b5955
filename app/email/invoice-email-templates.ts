import { signature, type DefaultEmailTemplate } from "./default-template-parts";

/** The e-mails of invoices and payments: the invoice, its reminder, a card payment's receipt and the agency's notification of it. */
export const INVOICE_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "invoice",
    name: "Invoice (sent with its PDF)",
    subject: "Invoice {{InvoiceNumber}} from {{CompanyName}}",
    preheader: "{{Balance}} due by {{DueDate}}.",
    bodyText: `Hi {{FirstName}},

Thank you for working with us. Your invoice {{InvoiceNumber}} is attached as a PDF.

Total: {{Total}}
Balance due: {{Balance}}
Due date: {{DueDate}}

View it online and download the PDF: {{InvoiceLink}}

How to pay: {{PaymentInstruction}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you for working with us. Your invoice <strong>{{InvoiceNumber}}</strong> is attached as a PDF.</p>
<p><strong>Total:</strong> {{Total}}<br><strong>Balance due:</strong> {{Balance}}<br><strong>Due date:</strong> {{DueDate}}</p>
<p><a href="{{InvoiceLink}}">View your invoice online</a> (you can download the PDF there too).</p>
<p><strong>How to pay:</strong> {{PaymentInstruction}}</p>
${signature.html}`,
  },
  {
    key: "invoice_reminder",
    name: "Invoice reminder (before, on and after the due date)",
    subject: "Reminder: invoice {{InvoiceNumber}} {{DueWhen}}",
    preheader: "{{Balance}} is {{DueWhen}}.",
    bodyText: `Hi {{FirstName}},

A friendly reminder: invoice {{InvoiceNumber}} {{DueWhen}}. The balance is {{Balance}} (due date {{DueDate}}).

View it online and download the PDF: {{InvoiceLink}}

How to pay: {{PaymentInstruction}}

Already paid? Thank you, and please ignore this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>A friendly reminder: invoice <strong>{{InvoiceNumber}}</strong> {{DueWhen}}. The balance is <strong>{{Balance}}</strong> (due date {{DueDate}}).</p>
<p><a href="{{InvoiceLink}}">View your invoice online</a></p>
<p><strong>How to pay:</strong> {{PaymentInstruction}}</p>
<p>Already paid? Thank you, and please ignore this e-mail.</p>
${signature.html}`,
  },
  // Card payments (decision 047), sent when Stripe's webhook records a payment.
  {
    key: "payment_receipt",
    name: "Payment receipt (card payment received)",
    subject: "Receipt: {{AmountPaid}} paid on invoice {{InvoiceNumber}}",
    preheader: "Thank you, we received your card payment.",
    bodyText: `Hi {{FirstName}},

Thank you! We received your card payment of {{AmountPaid}} for invoice {{InvoiceNumber}} on {{PaidOn}}.

Invoice total: {{Total}}
Balance due now: {{Balance}}

Your invoice: {{InvoiceLink}}
Payment reference: {{PaymentReference}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you! We received your card payment of <strong>{{AmountPaid}}</strong> for invoice <strong>{{InvoiceNumber}}</strong> on {{PaidOn}}.</p>
<p><strong>Invoice total:</strong> {{Total}}<br><strong>Balance due now:</strong> {{Balance}}</p>
<p><a href="{{InvoiceLink}}">View your invoice</a><br><span style="font-size:13px;color:#52606d">Payment reference: {{PaymentReference}}</span></p>
${signature.html}`,
  },
  {
    key: "payment_notification",
    name: "Card payment received (to the agency)",
    subject: "Card payment received: {{AmountPaid}} for {{InvoiceNumber}}",
    preheader: "{{ClientName}} paid by card through Stripe.",
    bodyText: `{{ClientName}} paid {{AmountPaid}} by card through Stripe for invoice {{InvoiceNumber}} on {{PaidOn}}. The balance is now {{Balance}}.

Stripe's reference: {{PaymentReference}}
Open the invoice: {{AdminInvoiceLink}}`,
    bodyHtml: `<p><strong>{{ClientName}}</strong> paid <strong>{{AmountPaid}}</strong> by card through Stripe for invoice <strong>{{InvoiceNumber}}</strong> on {{PaidOn}}. The balance is now {{Balance}}.</p>
<p>Stripe's reference: {{PaymentReference}}<br><a href="{{AdminInvoiceLink}}">Open the invoice</a></p>`,
  },
];
