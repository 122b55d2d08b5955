import { seedAddOnCatalog } from "~/add-ons/add-ons.server";
import { DEFAULT_EMAIL_TEMPLATES } from "~/email/default-templates";
import { emailTemplates } from "~/email/schema";
import { tierTaskTemplates } from "~/projects/schema";
import { TIER_TASK_CHECKLISTS } from "~/projects/task-checklists";
import { organizationSettings, packageTiers } from "~/settings/schema";
import { DEFAULT_TIER_CATALOG } from "~/settings/tier-catalog";
import { DEFAULT_PORTFOLIO_ITEMS } from "~/site/portfolio-items";
import { portfolioItems } from "~/site/schema";
import { db } from "./connection.server";

export const DEFAULT_ORGANIZATION = {
  companyName: "Sister Site Studio",
  replyToEmail: "hello@sistersite.studio",
  agencyNotificationEmail: "hello@sistersite.studio",
  timezone: "America/New_York",
  promoDurationDays: 7,
  promoCodePrefix: "LAUNCH",
} as const;

/**
 * Reference data the product needs to work, inserted on every start but only
 * where missing: what an admin has edited is never overwritten.
 */
export async function seedReferenceData(): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.insert(organizationSettings).values({ id: 1, ...DEFAULT_ORGANIZATION }).onConflictDoNothing();
    await tx
      .insert(packageTiers)
      .values(DEFAULT_TIER_CATALOG.map((tier) => ({ ...tier, features: [...tier.features] })))
      .onConflictDoNothing();
    const tasks = Object.entries(TIER_TASK_CHECKLISTS).flatMap(([tier, list]) =>
      list.map((task) => ({ tier: tier as keyof typeof TIER_TASK_CHECKLISTS, ...task })),
    );
    await tx.insert(tierTaskTemplates).values(tasks).onConflictDoNothing();
    await tx
      .insert(portfolioItems)
      .values(DEFAULT_PORTFOLIO_ITEMS.map((item) => ({ ...item, features: [...item.features] })))
      .onConflictDoNothing();
    await tx.insert(emailTemplates).values(DEFAULT_EMAIL_TEMPLATES).onConflictDoNothing();
    await seedAddOnCatalog(tx);
  });
}
