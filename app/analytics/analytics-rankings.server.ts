import { sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import type { AnalyticsPeriod } from "./analytics-period";
import { bounds, toInt } from "./analytics-sql.server";

// The period's top lists: campaigns and referrers by what they brought in.
// CROSS-DOMAIN READ: campaigns, leads, clients, invoices and payments, referrals.

export const TOP_LIST_LIMIT = 10;

export type CampaignFigures = { campaignId: string; name: string; slug: string; leads: number; clients: number; revenueCents: number };

/**
 * Campaigns by what they brought in the period: leads that arrived through them, those leads that
 * became clients in the period, and payments received in the period from those clients.
 */
export async function topCampaigns(period: AnalyticsPeriod): Promise<CampaignFigures[]> {
  const { start, end, firstDay, lastDay } = bounds(period);
  const rows = await queryRows<{ id: string; name: string; slug: string; leads: number; clients: number; revenue_cents: string | number }>(
    db(),
    sql`with lead_counts as (
          select campaign_id, count(*)::int as leads from leads
          where campaign_id is not null and created_at >= ${start} and created_at < ${end}
          group by 1),
        client_counts as (
          select l.campaign_id, count(*)::int as clients from clients c join leads l on l.id = c.lead_id
          where l.campaign_id is not null and c.created_at >= ${start} and c.created_at < ${end}
          group by 1),
        revenue as (
          select l.campaign_id, sum(p.amount_cents)::bigint as revenue_cents
          from invoice_payments p join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id join leads l on l.id = c.lead_id
          where l.campaign_id is not null and p.paid_on >= ${firstDay} and p.paid_on <= ${lastDay}
          group by 1)
        select ca.id, ca.name, ca.slug, coalesce(lc.leads, 0)::int as leads, coalesce(cc.clients, 0)::int as clients,
          coalesce(r.revenue_cents, 0)::bigint as revenue_cents
        from campaigns ca
          left join lead_counts lc on lc.campaign_id = ca.id
          left join client_counts cc on cc.campaign_id = ca.id
          left join revenue r on r.campaign_id = ca.id
        where lc.leads is not null or cc.clients is not null or r.revenue_cents is not null
        order by revenue_cents desc, clients desc, leads desc, ca.name
        limit ${TOP_LIST_LIMIT}`,
  );
  return rows.map((row) => ({
    campaignId: row.id,
    name: row.name,
    slug: row.slug,
    leads: toInt(row.leads),
    clients: toInt(row.clients),
    revenueCents: toInt(row.revenue_cents),
  }));
}

export type ReferrerFigures = { referrerClientId: string | null; name: string; referred: number; converted: number; commissionCents: number };

/** Referring clients by what they brought in the period: referred leads, referrals converted, and the commission of those conversions. */
export async function topReferrers(period: AnalyticsPeriod): Promise<ReferrerFigures[]> {
  const { start, end } = bounds(period);
  const inPeriod = (column: SQL) => sql`(${column} >= ${start} and ${column} < ${end})`;
  const rows = await queryRows<{ referrer_client_id: string | null; name: string; referred: number; converted: number; commission_cents: string | number }>(
    db(),
    sql`select r.referrer_client_id, coalesce(max(c.name), max(r.referrer_name)) as name,
          count(*) filter (where ${inPeriod(sql`r.created_at`)})::int as referred,
          count(*) filter (where r.status = 'converted' and ${inPeriod(sql`r.converted_at`)})::int as converted,
          coalesce(sum(r.commission_cents) filter (where r.status = 'converted' and ${inPeriod(sql`r.converted_at`)}), 0)::bigint as commission_cents
        from referrals r left join clients c on c.id = r.referrer_client_id
        where ${inPeriod(sql`r.created_at`)} or ${inPeriod(sql`r.converted_at`)}
        group by r.referrer_client_id, case when r.referrer_client_id is null then r.referrer_name end
        order by converted desc, referred desc, commission_cents desc, name
        limit ${TOP_LIST_LIMIT}`,
  );
  return rows.map((row) => ({
    referrerClientId: row.referrer_client_id,
    name: row.name,
    referred: toInt(row.referred),
    converted: toInt(row.converted),
    commissionCents: toInt(row.commission_cents),
  }));
}
