import { and, eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { campaigns } from "./schema";

export type AttributableCampaign = { id: string; promoDurationDays: number };

/** The campaign a tracked link named, when it exists and is active: only then is a lead attributed to it. */
export async function findAttributableCampaign(executor: DatabaseExecutor, slug: string | null | undefined): Promise<AttributableCampaign | null> {
  if (!slug) return null;
  const [campaign] = await executor
    .select({ id: campaigns.id, promoDurationDays: campaigns.promoDurationDays })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), eq(campaigns.status, "active")))
    .limit(1);
  return campaign ?? null;
}
