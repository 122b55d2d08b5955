import { desc, eq, sql } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { keysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { CAMPAIGN_LEADS_LIMIT } from "~/attribution/campaign-options";
import { campaigns, type Campaign } from "~/attribution/schema";

/**
 * Marketing campaigns as the back-office shows them: the list with each campaign's figures and the
 * details page's leads (the campaign records themselves are app/attribution's). Figures are counted and summed by SQL over the campaign's leads (the lead's
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
export async function listCampaigns(query: PageQuery = {}) {
  const page = await keysetPage(
    pageRequest(query, CAMPAIGNS_PAGE_SIZE),
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
