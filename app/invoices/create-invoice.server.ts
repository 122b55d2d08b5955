import type { Actor } from "~/audit/actor";
import { addDaysToDate } from "~/availability/slot-time";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { nextInvoiceNumber } from "./draft-invoice.server";
import type { NewInvoiceInput } from "./invoice-forms";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "./invoice-options";
import { recordInvoiceChange, requireClient, requireProjectOfClient } from "./invoice-records.server";
import { invoices, type Invoice } from "./schema";

export type CreateInvoiceOptions = {
  actor: Actor;
  input: NewInvoiceInput;
  now?: Date;
};

/** 'New Invoice': a draft with the next number, due after the default terms unless a date is given. */
export async function createInvoice({ actor, input, now = new Date() }: CreateInvoiceOptions): Promise<Invoice> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    await requireClient(tx, input.clientId);
    const project = input.projectId ? await requireProjectOfClient(tx, input.projectId, input.clientId) : null;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: await nextInvoiceNumber(tx),
        clientId: input.clientId,
        projectId: project?.id ?? null,
        tier: input.tier ?? project?.tier ?? null,
        status: "draft",
        dueDate: input.dueDate ?? addDaysToDate(dayIn(now, settings.timezone), DEFAULT_PAYMENT_TERMS_DAYS),
      })
      .returning();
    if (!invoice) throw new Error("The invoice was not saved");
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "create-invoice",
      summary: "Created an invoice",
      details: { clientId: invoice.clientId, projectId: invoice.projectId, tier: invoice.tier },
    });
    return invoice;
  });
}
