import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "./invoice-options";

// What an invoice says to the client, in words: shared by the PDF, the e-mail, the client's page
// and the admin's preview so they never disagree.

export type Agency = { name: string; email: string | null; phone: string | null };

/** Spec 001 "Invoice detail": the bank-transfer instruction, with the phone number and the invoice number as the memo. */
export function bankTransferInstruction(agency: Agency, invoiceNumber: string): string {
  const payee = agency.phone ?? agency.email ?? agency.name;
  return `Pay by Zelle bank transfer to ${payee} (${agency.name}). Memo: ${invoiceNumber}`;
}

export function paymentMethodLabel(method: string | null): string {
  return method && method in PAYMENT_METHOD_LABELS ? PAYMENT_METHOD_LABELS[method as PaymentMethod] : "—";
}

/** The invoice file's name for downloads and attachments. */
export function invoiceFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}
