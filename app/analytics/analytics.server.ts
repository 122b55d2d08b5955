import { sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import { LEAD_STATUSES, type LeadStatus } from "~/leads/lead-options";
import { weekStart, type AnalyticsPeriod } from "./analytics-period";
import { roundedPercent, type FunnelCounts } from "./analytics-rates";

// The analytics page's figures (spec 001 "Analytics & Reports", issue 17): one read-only SQL statement
// per chart, aggregated in the database (days and weeks of the business time zone, empty ones made by
// generate_series), so the page never loads rows to count them. Each function is also a CSV download.
// CROSS-DOMAIN READ, marked for the merge: these aggregates read the leads, clients, consultations,
// invoices, campaigns and referrals tables; analytics writes nothing.

/** Parameters of a period as SQL values: instants for `created_at` filters, local dates for grouping. */
function bounds(period: AnalyticsPeriod) {
  return {
    start: sql`${period.start.toISOString()}::timestamptz`,
    end: sql`${period.end.toISOString()}::timestamptz`,
    firstDay: sql`${period.firstDay}::date`,
    lastDay: sql`${period.lastDay}::date`,
  };
}

/** The business-local day of an instant column. */
function localDay(column: SQL, period: AnalyticsPeriod): SQL {
  return sql`(${column} at time zone ${period.timeZone}::text)::date`;
}

/** The bucket (day, or the Sunday that starts its week) a local date falls in. */
function bucketOf(day: SQL, bucket: AnalyticsPeriod["bucket"]): SQL {
  return bucket === "day" ? day : sql`(${day} - extract(dow from ${day})::int)`;
}

/** Every bucket of the period, empty ones included: `select bucket from (...)`. */
function bucketSeries(period: AnalyticsPeriod, bucket: AnalyticsPeriod["bucket"]): SQL {
  const first = bucket === "day" ? period.firstDay : weekStart(period.firstDay);
  const step = bucket === "day" ? "1 day" : "7 days";
  return sql`select series::date as bucket from generate_series(${first}::date, ${period.lastDay}::date, ${step}::interval) as series`;
}

const toInt = (value: unknown): number => Number(value ?? 0);

export type LeadSummary = {
  total: number;
  byStatus: Record<LeadStatus, number>;
  /** Converted leads of the period over all its leads, a rounded percent (spec 001 §9). */
  conversionRate: number;
};

/** Leads created in the period, by status, and the rounded conversion rate. */
export async function leadSummary(period: AnalyticsPeriod): Promise<LeadSummary> {
  const { start, end } = bounds(period);
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select count(*)::int as total,
          count(*) filter (where status = 'new')::int as "new",
          count(*) filter (where status = 'contacted')::int as contacted,
          count(*) filter (where status = 'converted')::int as converted
        from leads where created_at >= ${start} and created_at < ${end}`,
  );
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, toInt(row?.[status])])) as Record<LeadStatus, number>;
  const total = toInt(row?.total);
  return { total, byStatus, conversionRate: roundedPercent(byStatus.converted, total) };
}

export type DailyLeadsBySource = {
  /** Sources with leads in the period, most leads first. */
  sources: string[];
  totalsBySource: Record<string, number>;
  days: { day: string; total: number; bySource: Record<string, number> }[];
};

/** Leads per business-local day and source, every day of the period present. */
export async function leadsPerDayBySource(period: AnalyticsPeriod): Promise<DailyLeadsBySource> {
  const { start, end } = bounds(period);
  const rows = await queryRows<{ day: string; source: string | null; leads: number }>(
    db(),
    sql`with counted as (
          select ${localDay(sql`created_at`, period)} as bucket, source, count(*)::int as leads
          from leads where created_at >= ${start} and created_at < ${end}
          group by 1, 2)
        select to_char(days.bucket, 'YYYY-MM-DD') as day, counted.source, coalesce(counted.leads, 0)::int as leads
        from (${bucketSeries(period, "day")}) as days left join counted on counted.bucket = days.bucket
        order by days.bucket, counted.source`,
  );
  const days = new Map<string, { day: string; total: number; bySource: Record<string, number> }>();
  const totalsBySource: Record<string, number> = {};
  for (const row of rows) {
    const entry = days.get(row.day) ?? { day: row.day, total: 0, bySource: {} };
    days.set(row.day, entry);
    if (row.source === null) continue;
    const leads = toInt(row.leads);
    entry.bySource[row.source] = leads;
    entry.total += leads;
    totalsBySource[row.source] = (totalsBySource[row.source] ?? 0) + leads;
  }
  const sources = Object.keys(totalsBySource).sort((a, b) => (totalsBySource[b] ?? 0) - (totalsBySource[a] ?? 0) || a.localeCompare(b));
  return { sources, totalsBySource, days: [...days.values()] };
}

/**
 * The period's leads by the furthest step they reached: contacted (status, or a status change to
 * contacted), invited (a booking invitation), booked (a booked time), client, paid (a payment or a
 * paid invoice). A lead that skipped a step (a client who never booked) counts for the steps before
 * the one it reached, so every step is at most the one before.
 */
export async function leadFunnel(period: AnalyticsPeriod): Promise<FunnelCounts> {
  const { start, end } = bounds(period);
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`with reached as (
          select
            (l.status in ('contacted', 'converted')
              or exists (select 1 from lead_timeline_events e where e.lead_id = l.id and e.event = 'status_changed' and e.data->>'to' = 'contacted')) as contacted,
            (l.booking_status <> 'not_sent'
              or exists (select 1 from consultation_bookings b where b.lead_id = l.id)
              or exists (select 1 from lead_timeline_events e where e.lead_id = l.id and e.event = 'invitation_sent')) as invited,
            (l.booking_status in ('booked', 'completed')
              or exists (select 1 from consultation_bookings b where b.lead_id = l.id and b.selected_start is not null)
              or exists (select 1 from lead_timeline_events e where e.lead_id = l.id and e.event = 'booked')) as booked,
            (l.status = 'converted' or exists (select 1 from clients c where c.lead_id = l.id)) as client,
            exists (
              select 1 from clients c join invoices i on i.client_id = c.id
              where c.lead_id = l.id
                and (i.status = 'paid' or exists (select 1 from invoice_payments p where p.invoice_id = i.id))) as paid
          from leads l where l.created_at >= ${start} and l.created_at < ${end})
        select count(*)::int as lead,
          count(*) filter (where contacted or invited or booked or client or paid)::int as contacted,
          count(*) filter (where invited or booked or client or paid)::int as invited,
          count(*) filter (where booked or client or paid)::int as booked,
          count(*) filter (where client or paid)::int as client,
          count(*) filter (where paid)::int as paid
        from reached`,
  );
  return {
    lead: toInt(row?.lead),
    contacted: toInt(row?.contacted),
    invited: toInt(row?.invited),
    booked: toInt(row?.booked),
    client: toInt(row?.client),
    paid: toInt(row?.paid),
  };
}

export type PromoBucket = { bucket: string; claimed: number; used: number };

/** Promo codes claimed per day (per week over 90 days), and how many of those have since been used on an invoice. */
export async function promoClaimsAndUses(period: AnalyticsPeriod): Promise<PromoBucket[]> {
  const { start, end } = bounds(period);
  const rows = await queryRows<{ bucket: string; claimed: number; used: number }>(
    db(),
    sql`with counted as (
          select ${bucketOf(localDay(sql`l.created_at`, period), period.bucket)} as bucket,
            count(*)::int as claimed,
            count(*) filter (where l.promo_status = 'used'
              or exists (select 1 from invoices i where i.promo_code = l.promo_code))::int as used
          from leads l
          where l.promo_code is not null and l.created_at >= ${start} and l.created_at < ${end}
          group by 1)
        select to_char(buckets.bucket, 'YYYY-MM-DD') as bucket, coalesce(counted.claimed, 0)::int as claimed, coalesce(counted.used, 0)::int as used
        from (${bucketSeries(period, period.bucket)}) as buckets left join counted on counted.bucket = buckets.bucket
        order by buckets.bucket`,
  );
  return rows.map((row) => ({ bucket: row.bucket, claimed: toInt(row.claimed), used: toInt(row.used) }));
}

export type ConsultationBucket = { bucket: string; online: number; byAdmin: number };

/**
 * Consultations booked per day (per week over 90 days), on the day they were booked: times a lead
 * booked through their link (a reschedule is not a new booking), and consultations the admin added
 * for a client (those recorded from a booking are already counted).
 */
export async function consultationsBooked(period: AnalyticsPeriod): Promise<ConsultationBucket[]> {
  const { start, end } = bounds(period);
  const rows = await queryRows<{ bucket: string; online: number; by_admin: number }>(
    db(),
    sql`with booked as (
          select ${bucketOf(localDay(sql`e.created_at`, period), period.bucket)} as bucket, 'online' as kind
          from lead_timeline_events e
          where e.event = 'booked' and coalesce(e.data->>'rescheduled', 'false') <> 'true'
            and e.created_at >= ${start} and e.created_at < ${end}
          union all
          select ${bucketOf(localDay(sql`c.created_at`, period), period.bucket)}, 'admin'
          from consultations c
          where c.booking_id is null and c.created_at >= ${start} and c.created_at < ${end}),
        counted as (
          select bucket, count(*) filter (where kind = 'online')::int as online, count(*) filter (where kind = 'admin')::int as by_admin
          from booked group by bucket)
        select to_char(buckets.bucket, 'YYYY-MM-DD') as bucket, coalesce(counted.online, 0)::int as online, coalesce(counted.by_admin, 0)::int as by_admin
        from (${bucketSeries(period, period.bucket)}) as buckets left join counted on counted.bucket = buckets.bucket
        order by buckets.bucket`,
  );
  return rows.map((row) => ({ bucket: row.bucket, online: toInt(row.online), byAdmin: toInt(row.by_admin) }));
}

export type RevenueWeek = { week: string; payments: number; amountCents: number };

/**
 * Money received per week (weeks start on Sunday; the first and last may be partly outside the
 * period): invoice payments by their paid date, less card refunds by theirs (negative rows,
 * decision 047), which are not counted as payments.
 */
export async function revenuePerWeek(period: AnalyticsPeriod): Promise<RevenueWeek[]> {
  const { firstDay, lastDay } = bounds(period);
  const rows = await queryRows<{ week: string; payments: number; amount_cents: string | number }>(
    db(),
    sql`with counted as (
          select ${bucketOf(sql`p.paid_on`, "week")} as bucket, count(*) filter (where p.amount_cents > 0)::int as payments, sum(p.amount_cents)::bigint as amount_cents
          from invoice_payments p
          where p.paid_on >= ${firstDay} and p.paid_on <= ${lastDay}
          group by 1)
        select to_char(weeks.bucket, 'YYYY-MM-DD') as week, coalesce(counted.payments, 0)::int as payments, coalesce(counted.amount_cents, 0)::bigint as amount_cents
        from (${bucketSeries(period, "week")}) as weeks left join counted on counted.bucket = weeks.bucket
        order by weeks.bucket`,
  );
  return rows.map((row) => ({ week: row.week, payments: toInt(row.payments), amountCents: toInt(row.amount_cents) }));
}

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

export type AnalyticsFigures = Awaited<ReturnType<typeof analyticsFigures>>;

/** Everything the page shows for a period: each chart's own query. */
export async function analyticsFigures(period: AnalyticsPeriod) {
  const [summary, leadsByDay, funnel, promos, consultations, revenue, campaigns, referrers] = await Promise.all([
    leadSummary(period),
    leadsPerDayBySource(period),
    leadFunnel(period),
    promoClaimsAndUses(period),
    consultationsBooked(period),
    revenuePerWeek(period),
    topCampaigns(period),
    topReferrers(period),
  ]);
  return { summary, leadsByDay, funnel, promos, consultations, revenue, campaigns, referrers };
}
