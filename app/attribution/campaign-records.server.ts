import { eq, like, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import type { CampaignInput } from "./campaign-record-form";
import { slugFromName, uniqueSlug } from "./campaign-slug";
import { campaigns, type Campaign } from "./schema";

// A campaign's record (its tracked link and its offer's terms): create, edit, delete. Leads keep
// the campaign they came through; the back-office's campaign screens and sends are app/campaigns'.

/** Campaign writes wait for each other, so "is this slug free?" and the write that takes it cannot interleave. */
async function lockCampaignSlugs(tx: DatabaseExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campaign-slugs'))`);
}

/** The slug typed (refused when another campaign has it), or one made from the name and numbered until free. */
async function chooseSlug(tx: DatabaseExecutor, input: CampaignInput, campaignId: string | null): Promise<string> {
  if (input.slug) {
    const [holder] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, input.slug));
    if (holder && holder.id !== campaignId) throw new Refusal("Another campaign already uses this link name", { field: "slug" });
    return input.slug;
  }
  const base = slugFromName(input.name);
  const rows = await tx.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns).where(like(campaigns.slug, `${base}%`));
  const own = rows.find((row) => row.id === campaignId);
  if (own && (own.slug === base || own.slug.startsWith(`${base}-`))) return own.slug;
  return uniqueSlug(base, new Set(rows.filter((row) => row.id !== campaignId).map((row) => row.slug)));
}

/** What a campaign's audit entries keep of it. */
export type CampaignValues = ReturnType<typeof campaignValues>;

function campaignValues(input: CampaignInput, slug: string) {
  return {
    name: input.name,
    slug,
    offerTitle: input.offerTitle,
    startDate: input.startDate,
    promoDurationDays: input.promoDurationDays,
    status: input.status,
  };
}

export async function createCampaign(actor: Actor, input: CampaignInput): Promise<Campaign> {
  return db().transaction(async (tx) => {
    await lockCampaignSlugs(tx);
    const slug = await chooseSlug(tx, input, null);
    const [campaign] = await tx.insert(campaigns).values(campaignValues(input, slug)).returning();
    if (!campaign) throw new Error("The campaign was not saved");
    await recordAuditEntry(tx, actor, {
      action: "campaign.created",
      entityType: "campaign",
      entityId: campaign.id,
      summary: `Created a campaign (${campaign.status})`,
      details: campaignValues(input, slug),
    });
    return campaign;
  });
}

export async function updateCampaign(actor: Actor, campaignId: string, input: CampaignInput, now = new Date()): Promise<Campaign> {
  return db().transaction(async (tx) => {
    await lockCampaignSlugs(tx);
    const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!current) throw notFound("Campaign not found");
    const slug = await chooseSlug(tx, input, campaignId);
    const [campaign] = await tx
      .update(campaigns)
      .set({ ...campaignValues(input, slug), updatedAt: now })
      .where(eq(campaigns.id, campaignId))
      .returning();
    if (!campaign) throw notFound("Campaign not found");
    await recordAuditEntry(tx, actor, {
      action: "campaign.updated",
      entityType: "campaign",
      entityId: campaignId,
      summary: current.status === campaign.status ? "Updated a campaign" : `Updated a campaign, from ${current.status} to ${campaign.status}`,
      details: { before: campaignValues({ ...current, slug: current.slug }, current.slug), after: campaignValues(input, slug) },
    });
    return campaign;
  });
}

/** Deletes a campaign; its leads stay (unattributed) and its sends go with it. */
export async function deleteCampaign(actor: Actor, campaignId: string): Promise<Campaign> {
  return db().transaction(async (tx) => {
    const [deleted] = await tx.delete(campaigns).where(eq(campaigns.id, campaignId)).returning();
    if (!deleted) throw notFound("This campaign no longer exists.", { title: "Failed to delete campaign" });
    await recordAuditEntry(tx, actor, {
      action: "campaign.deleted",
      entityType: "campaign",
      entityId: campaignId,
      summary: `Deleted a campaign (${deleted.status})`,
      details: { slug: deleted.slug },
    });
    return deleted;
  });
}
