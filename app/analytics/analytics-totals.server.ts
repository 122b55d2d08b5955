import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import { LEAD_STATUSES, type LeadStatus } from "~/leads/lead-options";
import type { AnalyticsPeriod } from "./analytics-period";
import { roundedPercent, type FunnelCounts } from "./analytics-rates";
import { bounds, toInt } from "./analytics-sql.server";

// The period's leads counted once over the whole period: by status, and through the funnel.
// CROSS-DOMAIN READ: leads, their timeline, bookings, clients, invoices and payments.

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
