import { asc, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { organizationSettings, packageTiers, type OrganizationSettings, type PackageTier } from "./schema";

/** The one settings row; the seed creates it, so it always exists after start. */
export async function getOrganizationSettings(): Promise<OrganizationSettings> {
  const [settings] = await db().select().from(organizationSettings).limit(1);
  if (!settings) throw new Error("Organization settings are missing: the seed has not run.");
  return settings;
}

/** The tier catalog, in display order. */
export async function listPackageTiers(): Promise<PackageTier[]> {
  return db().select().from(packageTiers).orderBy(asc(packageTiers.sortOrder));
}

/** Changes some of the organization's settings (the settings domain alone writes them). */
export async function updateOrganizationSettings(changes: Partial<Omit<OrganizationSettings, "id" | "updatedAt">>): Promise<void> {
  await db()
    .update(organizationSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organizationSettings.id, 1));
}
