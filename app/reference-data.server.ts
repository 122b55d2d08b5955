import { seedAddOnCatalog } from "~/add-ons/add-ons.server";
import { db } from "~/db/connection.server";
import { seedDefaultTemplates } from "~/email/templates.server";
import { seedTierTaskTemplates } from "~/projects/project-tasks.server";
import { seedSettings } from "~/organization/settings.server";
import { seedDefaultContract } from "~/proposals/contract-templates.server";
import { seedPortfolio } from "~/site/portfolio.server";

/**
 * Reference data the product needs to work, inserted on every start but only where missing: what
 * an admin has edited is never overwritten. Each domain seeds its own tables; this runs them in
 * one transaction, from the top of the house (the database layer knows no domain).
 */
export async function seedReferenceData(): Promise<void> {
  await db().transaction(async (tx) => {
    await seedSettings(tx);
    await seedTierTaskTemplates(tx);
    await seedPortfolio(tx);
    await seedDefaultTemplates(tx);
    await seedAddOnCatalog(tx);
    await seedDefaultContract(tx);
  });
}
