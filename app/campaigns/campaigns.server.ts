import { desc, eq, like, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { leads } from "~/leads/schema";
import { keysetPage } from "~/lists/keyset-page.server";
import type { CampaignInput } from "./campaign-forms";
import { CAMPAIGN_LEADS_LIMIT } from "./campaign-options";
import { slugFromName, uniqueSlug } from "./campaign-slug";
import { campaigns, type Campaign } from "./schema";

/**
 * Marketing campaigns: the list with each campaign's figures, create, edit, delete, and the
 * details page's leads. Figures are counted and summed by SQL over the campaign's leads (the lead's
 * `campaign_id`), their clients (`clients.lead_id`) and those clients' paid invoices; this domain
 * only reads those tables.
 */

export const CAMPAIGNS_PAGE_SIZE = 25;

/** What a campaign brought: leads, clients (converted leads), consultations booked, paid revenue. */
export type CampaignFigures = { leads: number; clients: number; bookedConsultations: number; revenueCents: number };
export type CampaignListRow = Campaign & CampaignFigures;

// Written with aliases: in a one-table select Drizzle leaves column names unqualified, which a
// subquery over leads or clients would read as its own `id`.
const CAMPAIGN_ID = sql.raw(`"campaigns"."id"`);

function figures() {
  return {
    leads: sql<number>`(select count(*) from leads l where l.campaign_id = ${CAMPAIGN_ID})::int`,
    clients: sql<number>`(select count(*) from clients c join leads l on l.id = c.lead_id where l.campaign_id = ${CAMPAIGN_ID})::int`,
    bookedConsultations: sql<number>`(select count(*) from leads l where l.campaign_id = ${CAMPAIGN_ID} and l.booking_status in ('booked', 'completed'))::int`,
    revenueCents: sql<number>`(select coalesce(sum(i.total_cents), 0) from invoices i join clients c on c.id = i.client_id join leads l on l.id = c.lead_id where l.campaign_id = ${CAMPAIGN_ID} and i.status = 'paid')::bigint`,
  };
}

function withNumbers<T extends CampaignFigures>(row: T): T {
  return { ...row, leads: Number(row.leads), clients: Number(row.clients), bookedConsultations: Number(row.bookedConsultations), revenueCents: Number(row.revenueCents) };
}

/** One page of the list, newest first, by keyset (created_at, id). */
export async function listCampaigns(query: { after?: string | null; before?: string | null; pageSize?: number } = {}) {
  const page = await keysetPage(
    { after: query.after, before: query.before, size: query.pageSize ?? CAMPAIGNS_PAGE_SIZE },
    { by: campaigns.createdAt, tieBreaker: campaigns.id, direction: "desc", valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({ campaign: campaigns, ...figures() })
        .from(campaigns)
        .where(beyond)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.campaign.createdAt.toISOString(), id: row.campaign.id }),
  );
  const list: CampaignListRow[] = page.rows.map(({ campaign, ...numbers }) => withNumbers({ ...campaign, ...numbers }));
  return { campaigns: list, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** A campaign with its figures; undefined when there is none. */
export async function findCampaign(campaignId: string): Promise<CampaignListRow | undefined> {
  const [row] = await db()
    .select({ campaign: campaigns, ...figures() })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) return undefined;
  const { campaign, ...numbers } = row;
  return withNumbers({ ...campaign, ...numbers });
}

export type CampaignLead = {
  id: string;
  name: string;
  email: string;
  source: string;
  status: string;
  bookingStatus: string;
  createdAt: Date;
  clientId: string | null;
  paidCents: number;
};

/** The leads a campaign brought (newest first, the latest `CAMPAIGN_LEADS_LIMIT`), each with its client and paid revenue. */
export async function listCampaignLeads(campaignId: string): Promise<CampaignLead[]> {
  const rows = await db()
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      source: leads.source,
      status: leads.status,
      bookingStatus: leads.bookingStatus,
      createdAt: leads.createdAt,
      clientId: clients.id,
      paidCents: sql<number>`coalesce((select sum(i.total_cents) from invoices i where i.client_id = ${clients.id} and i.status = 'paid'), 0)::bigint`,
    })
    .from(leads)
    .leftJoin(clients, eq(clients.leadId, leads.id))
    .where(eq(leads.campaignId, campaignId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(CAMPAIGN_LEADS_LIMIT);
  return rows.map((row) => ({ ...row, paidCents: Number(row.paidCents) }));
}

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
