import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { config } from "~/config.server";
import { db } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoices } from "./schema";

/** The client's capability token: 256 random bits, base64url (DESIGN.md "Booking links are capabilities"). */
export function newInvoiceViewToken(): string {
  return randomBytes(32).toString("base64url");
}

export function invoiceLink(token: string): string {
  return `${config().publicUrl}/invoice/${token}`;
}

/** Takes the client's link back: the old link answers 404 from now on; the invoice is not changed otherwise. */
export async function revokeInvoiceLink(actor: Actor, invoiceId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice.viewToken) throw new Refusal("This invoice has no client link to revoke.", { status: 409 });
    await tx.update(invoices).set({ viewToken: null, updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
    await recordInvoiceChange(tx, actor, invoice, { intent: "revoke-link", summary: "Revoked an invoice's client link" });
  });
}

/** A new client link in place of the old one (which answers 404 from now on); only for an invoice that was sent. */
export async function issueNewInvoiceLink(actor: Actor, invoiceId: string): Promise<string> {
  return db().transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice.sentAt) throw new Refusal("The client's link is made when the invoice is sent.", { status: 409 });
    const viewToken = newInvoiceViewToken();
    await tx.update(invoices).set({ viewToken, updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
    await recordInvoiceChange(tx, actor, invoice, { intent: "new-link", summary: "Issued a new client link for an invoice" });
    return invoiceLink(viewToken);
  });
}
