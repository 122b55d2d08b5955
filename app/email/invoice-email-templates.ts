import { facts, letter, emailBody, paragraph, SMALL_PRINT, type DefaultEmailTemplate } from "./default-template-parts";

const howToPay = facts([["How to pay", "{{PaymentInstruction}}"]]);

/** The e-mails of invoices and payments: the invoice, its reminder, a card payment's receipt and the agency's notification of it. */
export const INVOICE_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "invoice",
    name: "Invoice (sent with its PDF)",
    subject: "Invoice {{InvoiceNumber}} from {{CompanyName}}",
    preheader: "{{Balance}} due by {{DueDate}}.",
    ...letter(
      paragraph("Thank you for working with us. Your invoice **{{InvoiceNumber}}** is attached as a PDF."),
      facts([
        ["Total", "{{Total}}"],
        ["Balance due", "{{Balance}}"],
        ["Due date", "{{DueDate}}"],
      ]),
      { text: "View it online and download the PDF: {{InvoiceLink}}", html: '<p><a href="{{InvoiceLink}}">View your invoice online</a> (you can download the PDF there too).</p>' },
      howToPay,
    ),
  },
  {
    key: "invoice_reminder",
    name: "Invoice reminder (before, on and after the due date)",
    subject: "Reminder: invoice {{InvoiceNumber}} {{DueWhen}}",
    preheader: "{{Balance}} is {{DueWhen}}.",
    ...letter(
      paragraph("A friendly reminder: invoice **{{InvoiceNumber}}** {{DueWhen}}. The balance is **{{Balance}}** (due date {{DueDate}})."),
      { text: "View it online and download the PDF: {{InvoiceLink}}", html: '<p><a href="{{InvoiceLink}}">View your invoice online</a></p>' },
      howToPay,
      paragraph("Already paid? Thank you, and please ignore this e-mail."),
    ),
  },
  // Card payments (decision 047), sent when Stripe's webhook records a payment.
  {
    key: "payment_receipt",
    name: "Payment receipt (card payment received)",
    subject: "Receipt: {{AmountPaid}} paid on invoice {{InvoiceNumber}}",
    preheader: "Thank you, we received your card payment.",
    ...letter(
      paragraph("Thank you! We received your card payment of **{{AmountPaid}}** for invoice **{{InvoiceNumber}}** on {{PaidOn}}."),
      facts([
        ["Invoice total", "{{Total}}"],
        ["Balance due now", "{{Balance}}"],
      ]),
      {
        text: "Your invoice: {{InvoiceLink}}\nPayment reference: {{PaymentReference}}",
        html: `<p><a href="{{InvoiceLink}}">View your invoice</a><br><span style="${SMALL_PRINT}">Payment reference: {{PaymentReference}}</span></p>`,
      },
    ),
  },
  {
    key: "payment_notification",
    name: "Card payment received (to the agency)",
    subject: "Card payment received: {{AmountPaid}} for {{InvoiceNumber}}",
    preheader: "{{ClientName}} paid by card through Stripe.",
    ...emailBody(paragraph("**{{ClientName}}** paid **{{AmountPaid}}** by card through Stripe for invoice **{{InvoiceNumber}}** on {{PaidOn}}. The balance is now {{Balance}}."), {
      text: "Stripe's reference: {{PaymentReference}}\nOpen the invoice: {{AdminInvoiceLink}}",
      html: `<p>Stripe's reference: {{PaymentReference}}<br><a href="{{AdminInvoiceLink}}">Open the invoice</a></p>`,
    }),
  },
];
