import { eq, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { queryRows } from "~/db/connection.server";
import { packageTiers } from "~/organization/schema";
import type { TierId } from "~/organization/tier-catalog";
import { formatInvoiceNumber, invoiceTotals, lineTotalCents, packagePriceCents } from "./invoice-totals";
import { invoiceLineItems, invoices, type Invoice } from "./schema";

export type DraftInvoiceRequest = {
  clientId: string;
  tier: TierId;
  /**
   * The lead's promo code, when the lead holds an active one. It is applied (promo price, code on
   * the invoice) only for a tier that has a promo price; other tiers are billed at their price.
   */
  activePromoCode?: string | null;
};

export type DraftInvoice = Invoice & { promoApplied: boolean };

/** The next invoice number from the database sequence: never the same for two invoices, on any process. */
export async function nextInvoiceNumber(tx: DatabaseExecutor): Promise<string> {
  const [row] = await queryRows<{ value: string | number }>(
    tx,
    sql`select nextval('invoice_number_seq') as value`,
  );
  if (!row) throw new Error("The invoice number sequence gave no value");
  return formatInvoiceNumber(Number(row.value));
}

/**
 * The draft invoice a new client starts with: one package line priced from the live tier catalog
 * (DESIGN.md "Tiers"), written inside the caller's transaction so the client and its invoice are
 * saved together or not at all.
 */
export async function createDraftInvoice(tx: DatabaseExecutor, request: DraftInvoiceRequest): Promise<DraftInvoice> {
  const [tier] = await tx.select().from(packageTiers).where(eq(packageTiers.tier, request.tier));
  if (!tier) throw new Error(`Tier ${request.tier} is missing from the catalog`);
  const promoApplied = Boolean(request.activePromoCode) && tier.promoPriceCents !== null;
  const unitPriceCents = packagePriceCents(tier, promoApplied);
  const line = { quantity: 1, unitPriceCents };
  const totals = invoiceTotals({ lines: [line] });

  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: await nextInvoiceNumber(tx),
      clientId: request.clientId,
      tier: request.tier,
      status: "draft",
      ...totals,
      promoCode: promoApplied ? (request.activePromoCode ?? null) : null,
    })
    .returning();
  if (!invoice) throw new Error("The draft invoice was not saved");

  await tx.insert(invoiceLineItems).values({
    invoiceId: invoice.id,
    description: promoApplied
      ? `Tier ${tier.tier} – ${tier.name} website package (launch promo ${request.activePromoCode})`
      : `Tier ${tier.tier} – ${tier.name} website package`,
    quantity: line.quantity,
    unitPriceCents,
    totalCents: lineTotalCents(line),
    itemType: "service",
    sortOrder: 0,
  });
  return { ...invoice, promoApplied };
}
