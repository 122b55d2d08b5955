import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { addDaysToDate } from "~/availability/slot-time";
import type { DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { TierId } from "~/organization/tier-catalog";
import { nextInvoiceNumber } from "./draft-invoice.server";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "./invoice-options";
import { recordInvoiceChange } from "./invoice-records.server";
import { invoiceTotals } from "./invoice-totals";
import { invoiceLineItems, invoices, type Invoice } from "./schema";
import { sendInvoice } from "./send-invoice.server";

export type BillSignedProposalOptions = {
  /** The signing's transaction: the invoices are made with the rest of what signing sets in motion, or not at all. */
  executor: DatabaseExecutor;
  actor: Actor;
  clientId: string;
  projectId: string;
  tier: TierId;
  /** What the work is, e.g. "Tier 2 – Growth Site, SEO setup". */
  description: string;
  depositCents: number;
  remainderCents: number;
  /** A client's first draft invoice made by the conversion: it becomes the remainder rather than a second draft. */
  firstDraftInvoiceId: string | null;
  now: Date;
};

export type ProposalInvoices = { deposit: Invoice | null; remainder: Invoice | null };

async function writeInvoice(
  tx: DatabaseExecutor,
  options: BillSignedProposalOptions,
  line: { description: string; cents: number },
  dueDate: string,
  reuseId: string | null,
): Promise<Invoice> {
  const totals = invoiceTotals({ lines: [{ quantity: 1, unitPriceCents: line.cents }] });
  const values = { clientId: options.clientId, projectId: options.projectId, tier: options.tier, status: "draft" as const, dueDate, ...totals, promoCode: null };
  const [invoice] = reuseId
    ? await tx.update(invoices).set({ ...values, updatedAt: options.now }).where(eq(invoices.id, reuseId)).returning()
    : await tx.insert(invoices).values({ ...values, invoiceNumber: await nextInvoiceNumber(tx) }).returning();
  if (!invoice) throw new Error("The proposal's invoice was not saved");
  await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
  await tx.insert(invoiceLineItems).values({ invoiceId: invoice.id, description: line.description, quantity: 1, unitPriceCents: line.cents, totalCents: line.cents, itemType: "service", sortOrder: 0 });
  await recordInvoiceChange(tx, options.actor, invoice, { intent: "bill-signed-proposal", summary: `Billed a signed proposal: ${line.description}`, details: { clientId: options.clientId, projectId: options.projectId } });
  return invoice;
}

/**
 * A signed proposal's invoices: the deposit, sent at once (its e-mail, link and PDF), and the
 * remainder as a draft the agency sends on delivery. An amount of zero makes no invoice.
 */
export async function billSignedProposal(options: BillSignedProposalOptions): Promise<ProposalInvoices> {
  const { executor: tx, now } = options;
  const settings = await getOrganizationSettings(tx);
  const dueDate = addDaysToDate(dayIn(now, settings.timezone), DEFAULT_PAYMENT_TERMS_DAYS);
  let reuse = options.firstDraftInvoiceId;
  let deposit: Invoice | null = null;
  if (options.depositCents > 0) {
    const drafted = await writeInvoice(tx, options, { description: `Deposit: ${options.description}`, cents: options.depositCents }, dueDate, reuse);
    reuse = null;
    await sendInvoice({ actor: options.actor, invoiceId: drafted.id, now, executor: tx });
    const [sent] = await tx.select().from(invoices).where(eq(invoices.id, drafted.id));
    deposit = sent ?? drafted;
  }
  const remainder =
    options.remainderCents > 0 ? await writeInvoice(tx, options, { description: `Remainder: ${options.description}`, cents: options.remainderCents }, dueDate, reuse) : null;
  if (reuse && !remainder) await tx.delete(invoices).where(eq(invoices.id, reuse));
  return { deposit, remainder };
}
