import { asc, eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { addOns, projectAddOns } from "~/add-ons/schema";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { projects, type Project } from "~/projects/schema";
import { packageTiers, type PackageTier } from "~/organization/schema";
import type { TierId } from "~/organization/tier-catalog";
import { addOnUnitPriceCents } from "~/add-ons/add-on-price";
import { findClientLeadPromo } from "./client-promo.server";
import { packagePriceCents, spreadCents } from "./invoice-totals";
import { lockEditableInvoice, nextLineSortOrder, recordInvoiceChange, refusedLineTotal, saveInvoiceTotals } from "./invoice-records.server";
import { invoiceLineItems, invoices, type NewInvoiceLineItem } from "./schema";

// Billing a project: its package (the tier catalog) and its add-ons. (The client's consultations are
// billed by their own domain, app/consultations/bill-consultations.server.ts, through appendConsultationLines.)
//
// CROSS-DOMAIN READS, marked for the merge: this file reads `project_add_ons` + `add_ons`
// (app/add-ons/schema.ts), `leads` (for the client's promo code) and `package_tiers` directly,
// read-only, inside the invoice's transaction (PGlite has one connection: a read through another
// domain's `db()` call would wait for this transaction). Replace with the add-ons/projects
// services once issue 14 provides a transaction-aware read.

export type ProjectAddOnLine = {
  addOnId: string;
  name: string;
  quantity: number;
  unitPriceCents: number | null;
};

/** The project's add-ons priced by the spec's rule for the project's tier. */
export async function readProjectAddOns(executor: DatabaseExecutor, project: Pick<Project, "id" | "tier">): Promise<ProjectAddOnLine[]> {
  const rows = await executor
    .select({
      addOnId: addOns.id,
      name: addOns.name,
      quantity: projectAddOns.quantity,
      customPriceCents: projectAddOns.customPriceCents,
      flatPriceCents: addOns.flatPriceCents,
      tierPricesCents: addOns.tierPricesCents,
    })
    .from(projectAddOns)
    .innerJoin(addOns, eq(addOns.id, projectAddOns.addOnId))
    .where(eq(projectAddOns.projectId, project.id))
    .orderBy(asc(addOns.name));
  return rows.map((row) => ({
    addOnId: row.addOnId,
    name: row.name,
    quantity: row.quantity,
    unitPriceCents: addOnUnitPriceCents(row, project.tier, row.customPriceCents),
  }));
}

async function readTier(executor: DatabaseExecutor, tier: TierId): Promise<PackageTier> {
  const [row] = await executor.select().from(packageTiers).where(eq(packageTiers.tier, tier));
  if (!row) throw new Error(`Tier ${tier} is missing from the catalog`);
  return row;
}

export type ProjectBillingOptions = {
  project: Project;
  tier: PackageTier;
  deliverables: string[];
  addOns: ProjectAddOnLine[];
  promoApplies: boolean;
  packagePriceCents: number;
};

async function billingOptionsIn(executor: DatabaseExecutor, invoiceId: string, now: Date): Promise<ProjectBillingOptions> {
  const [row] = await executor
    .select({ invoice: invoices, project: projects })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(eq(invoices.id, invoiceId));
  if (!row) throw notFound("Invoice not found");
  if (!row.project) throw new Refusal("Could not find project", { status: 404 });
  const project = row.project;
  const tier = await readTier(executor, row.invoice.tier ?? project.tier);
  let promoApplies = false;
  if (row.invoice.promoCode && tier.promoPriceCents !== null) {
    const [client] = await executor.select({ leadId: clients.leadId }).from(clients).where(eq(clients.id, row.invoice.clientId));
    const promo = client ? await findClientLeadPromo(executor, client, invoiceId, now) : null;
    promoApplies = Boolean(promo?.applicable && promo.code === row.invoice.promoCode);
  }
  return {
    project,
    tier,
    deliverables: tier.features,
    addOns: await readProjectAddOns(executor, project),
    promoApplies,
    packagePriceCents: packagePriceCents(tier, promoApplies),
  };
}

/** What 'Generate from Project' offers for this invoice: the tier's deliverables and the project's add-ons. */
export async function projectBillingOptions(invoiceId: string, now = new Date()): Promise<ProjectBillingOptions | null> {
  try {
    return await billingOptionsIn(db(), invoiceId, now);
  } catch (error) {
    if (error instanceof Refusal) return null;
    throw error;
  }
}

/**
 * 'Generate from Project': a header line at price 0, the package price spread equally over the
 * chosen deliverables (cents add up exactly), then the project's add-ons by the price rule.
 */
export async function generateFromProject(
  actor: Actor,
  invoiceId: string,
  input: { deliverables: number[]; includeAddOns: boolean },
  now = new Date(),
): Promise<number> {
  return db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    const options = await billingOptionsIn(tx, invoiceId, now);
    const chosen = [...new Set(input.deliverables)].sort((a, b) => a - b).map((index) => options.deliverables[index]);
    if (chosen.length === 0 || chosen.some((name) => name === undefined)) {
      throw new Refusal("Select at least one deliverable", { field: "deliverables" });
    }
    const prices = spreadCents(options.packagePriceCents, chosen.length);
    let sortOrder = await nextLineSortOrder(tx, invoiceId);
    const header = `Tier ${options.tier.tier} – ${options.tier.name} website package${options.promoApplies ? ` (launch promo ${invoice.promoCode ?? ""})` : ""}`;
    const lines: NewInvoiceLineItem[] = [
      { invoiceId, description: header, quantity: 1, unitPriceCents: 0, totalCents: 0, itemType: "service", sortOrder: sortOrder++ },
      ...chosen.map((name, index) => {
        const unitPriceCents = prices[index] ?? 0;
        return { invoiceId, description: String(name), quantity: 1, unitPriceCents, totalCents: unitPriceCents, itemType: "service" as const, sortOrder: sortOrder++ };
      }),
    ];
    if (input.includeAddOns) {
      for (const addOn of options.addOns) {
        const unitPriceCents = addOn.unitPriceCents ?? 0;
        const line = { quantity: addOn.quantity, unitPriceCents };
        lines.push({
          invoiceId,
          description: `Add-on: ${addOn.name}`,
          ...line,
          totalCents: refusedLineTotal(line),
          itemType: "add_on",
          addOnId: addOn.addOnId,
          sortOrder: sortOrder++,
        });
      }
    }
    await tx.insert(invoiceLineItems).values(lines);
    await tx
      .update(invoices)
      .set({ tier: options.tier.tier })
      .where(eq(invoices.id, invoiceId));
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "generate-from-project",
      summary: `Generated ${lines.length} line items from the project`,
      details: { projectId: options.project.id, tier: options.tier.tier, deliverables: chosen.length, includeAddOns: input.includeAddOns, promoApplies: options.promoApplies },
    });
    return lines.length;
  });
}
