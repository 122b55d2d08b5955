import { sql } from "drizzle-orm";
import type { AnalyticsPeriod } from "./analytics-period";
import { bounds, bucketedCounts, bucketOf, localDay } from "./analytics-sql.server";

// The charts over time (spec 001 "Analytics & Reports"): each counts its rows into the period's
// days or weeks with bucketedCounts. CROSS-DOMAIN READ: leads, their timeline, consultations and
// invoice payments; analytics writes nothing.

export type DailyLeadsBySource = {
  /** Sources with leads in the period, most leads first. */
  sources: string[];
  totalsBySource: Record<string, number>;
  days: { day: string; total: number; bySource: Record<string, number> }[];
};

/** Leads per business-local day and source, every day of the period present. */
export async function leadsPerDayBySource(period: AnalyticsPeriod): Promise<DailyLeadsBySource> {
  const { start, end } = bounds(period);
  const rows = await bucketedCounts(period, {
    bucket: "day",
    counted: sql`select ${localDay(sql`created_at`, period)} as bucket, source, count(*)::int as leads
      from leads where created_at >= ${start} and created_at < ${end}
      group by 1, 2`,
    keys: ["source"],
    figures: ["leads"],
  });
  const days = new Map<string, { day: string; total: number; bySource: Record<string, number> }>();
  const totalsBySource: Record<string, number> = {};
  for (const row of rows) {
    const entry = days.get(row.bucket) ?? { day: row.bucket, total: 0, bySource: {} };
    days.set(row.bucket, entry);
    if (row.source === null) continue;
    entry.bySource[row.source] = row.leads;
    entry.total += row.leads;
    totalsBySource[row.source] = (totalsBySource[row.source] ?? 0) + row.leads;
  }
  const sources = Object.keys(totalsBySource).sort((a, b) => (totalsBySource[b] ?? 0) - (totalsBySource[a] ?? 0) || a.localeCompare(b));
  return { sources, totalsBySource, days: [...days.values()] };
}

export type PromoBucket = { bucket: string; claimed: number; used: number };

/** Promo codes claimed per day (per week over 90 days), and how many of those have since been used on an invoice. */
export async function promoClaimsAndUses(period: AnalyticsPeriod): Promise<PromoBucket[]> {
  const { start, end } = bounds(period);
  return bucketedCounts(period, {
    bucket: period.bucket,
    counted: sql`select ${bucketOf(localDay(sql`l.created_at`, period), period.bucket)} as bucket,
        count(*)::int as claimed,
        count(*) filter (where l.promo_status = 'used'
          or exists (select 1 from invoices i where i.promo_code = l.promo_code))::int as used
      from leads l
      where l.promo_code is not null and l.created_at >= ${start} and l.created_at < ${end}
      group by 1`,
    figures: ["claimed", "used"],
  });
}

export type ConsultationBucket = { bucket: string; online: number; byAdmin: number };

/**
 * Consultations booked per day (per week over 90 days), on the day they were booked: times a lead
 * booked through their link (a reschedule is not a new booking), and consultations the admin added
 * for a client (those recorded from a booking are already counted).
 */
export async function consultationsBooked(period: AnalyticsPeriod): Promise<ConsultationBucket[]> {
  const { start, end } = bounds(period);
  return bucketedCounts(period, {
    bucket: period.bucket,
    counted: sql`select bucket, count(*) filter (where kind = 'online')::int as online, count(*) filter (where kind = 'admin')::int as "byAdmin"
      from (
        select ${bucketOf(localDay(sql`e.created_at`, period), period.bucket)} as bucket, 'online' as kind
        from lead_timeline_events e
        where e.event = 'booked' and coalesce(e.data->>'rescheduled', 'false') <> 'true'
          and e.created_at >= ${start} and e.created_at < ${end}
        union all
        select ${bucketOf(localDay(sql`c.created_at`, period), period.bucket)}, 'admin'
        from consultations c
        where c.booking_id is null and c.created_at >= ${start} and c.created_at < ${end}) as booked
      group by bucket`,
    figures: ["online", "byAdmin"],
  });
}

export type RevenueWeek = { week: string; payments: number; amountCents: number };

/**
 * Money received per week (weeks start on Sunday; the first and last may be partly outside the
 * period): invoice payments by their paid date, less card refunds by theirs (negative rows,
 * decision 047), which are not counted as payments.
 */
export async function revenuePerWeek(period: AnalyticsPeriod): Promise<RevenueWeek[]> {
  const { firstDay, lastDay } = bounds(period);
  const weeks = await bucketedCounts(period, {
    bucket: "week",
    counted: sql`select ${bucketOf(sql`p.paid_on`, "week")} as bucket, count(*) filter (where p.amount_cents > 0)::int as payments, sum(p.amount_cents)::bigint as "amountCents"
      from invoice_payments p
      where p.paid_on >= ${firstDay} and p.paid_on <= ${lastDay}
      group by 1`,
    figures: ["payments", "amountCents"],
  });
  return weeks.map(({ bucket, payments, amountCents }) => ({ week: bucket, payments, amountCents }));
}
