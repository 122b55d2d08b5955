import { and, asc, count, eq, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { invoices } from "~/invoices/schema";
import { bookingsToConfirm } from "~/consultations/bookings-to-confirm.server";
import { invoicesToCollect } from "~/invoices/invoices-to-collect.server";
import { countLeads } from "~/leads/leads.server";
import { leadsToContact } from "~/leads/leads-to-contact.server";
import { projects } from "~/projects/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { DEADLINE_LIST_LIMIT, DEADLINE_WINDOW_DAYS, type DashboardFigures } from "./dashboard-figures";
import { dayIn } from "~/formatting/dates";

// The dashboard's figures (spec 001 "Dashboard", §9): read-only SQL aggregates over the domains'
// tables, with "today", "this month" and "this year" taken in the business time zone.

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const balance = sql<number>`coalesce(sum(${invoices.totalCents} - coalesce((select sum(amount_cents) from invoice_payments p where p.invoice_id = ${invoices.id}), 0)), 0)::int`;

export async function dashboardFigures(now = new Date()): Promise<DashboardFigures> {
  const { timezone: timeZone } = await getOrganizationSettings();
  const today = dayIn(now, timeZone);
  const monthStart = localToInstant(`${today.slice(0, 7)}-01`, "00:00:00", timeZone) ?? now;
  const yearStart = localToInstant(`${today.slice(0, 4)}-01-01`, "00:00:00", timeZone) ?? now;

  const [totalLeads, [clientRow], [projectRow], deadlineRows, [revenueRow], [unpaidRow], [overdueRow]] = await Promise.all([
    countLeads(),
    db()
      .select({ total: count(), active: sql<number>`count(*) filter (where ${clients.status} = 'active')::int` })
      .from(clients),
    db()
      .select({
        total: count(),
        notStarted: sql<number>`count(*) filter (where ${projects.status} = 'not_started')::int`,
        inProgress: sql<number>`count(*) filter (where ${projects.status} = 'in_progress')::int`,
        complete: sql<number>`count(*) filter (where ${projects.status} = 'complete')::int`,
      })
      .from(projects),
    db()
      .select({ id: projects.id, name: projects.name, projectNumber: projects.projectNumber, tier: projects.tier, deadline: projects.deliveryDeadline, clientName: clients.name })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(and(ne(projects.status, "complete"), gte(projects.deliveryDeadline, today), lte(projects.deliveryDeadline, addDaysToDate(today, DEADLINE_WINDOW_DAYS))))
      .orderBy(asc(projects.deliveryDeadline), asc(projects.id))
      .limit(DEADLINE_LIST_LIMIT),
    // Spec 001 §9: revenue counts paid invoices by their created date.
    db()
      .select({
        month: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.createdAt} >= ${monthStart.toISOString()}::timestamptz), 0)::int`,
        year: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int`,
      })
      .from(invoices)
      .where(and(eq(invoices.status, "paid"), gte(invoices.createdAt, yearStart), lt(invoices.createdAt, now))),
    // Spec 001 §9: unpaid = status sent or draft.
    db().select({ count: count(), amount: balance }).from(invoices).where(inArray(invoices.status, ["sent", "draft"])),
    db()
      .select({ count: count(), amount: balance })
      .from(invoices)
      .where(and(inArray(invoices.status, ["sent", "overdue"]), lt(invoices.dueDate, today))),
  ]);

  const projectTotal = Number(projectRow?.total ?? 0);
  const complete = Number(projectRow?.complete ?? 0);
  return {
    totalLeads,
    clients: { total: Number(clientRow?.total ?? 0), active: Number(clientRow?.active ?? 0) },
    projects: {
      total: projectTotal,
      notStarted: Number(projectRow?.notStarted ?? 0),
      inProgress: Number(projectRow?.inProgress ?? 0),
      complete,
      progressPercent: projectTotal === 0 ? 0 : Math.round((complete / projectTotal) * 100),
    },
    deadlines: deadlineRows.map((row) => ({
      projectId: row.id,
      projectLabel: row.name ?? row.projectNumber,
      clientName: row.clientName,
      tier: row.tier,
      deadline: row.deadline ?? today,
      daysLeft: daysBetween(today, row.deadline ?? today),
    })),
    revenue: { monthToDateCents: Number(revenueRow?.month ?? 0), yearToDateCents: Number(revenueRow?.year ?? 0) },
    unpaid: { count: Number(unpaidRow?.count ?? 0), amountCents: Number(unpaidRow?.amount ?? 0) },
    overdue: { count: Number(overdueRow?.count ?? 0), amountCents: Number(overdueRow?.amount ?? 0) },
  };
}

/** How many of each the Today view lists; the rest are a link away. */
export const TODAY_LIST_LIMIT = 5;

/**
 * The dashboard's Today view (decision 050): what needs doing today, each with its action in
 * place. New leads not yet contacted, bookings waiting for 'Confirm', invoices due or part-paid.
 */
export async function todayList(now = new Date()) {
  const settings = await getOrganizationSettings();
  const today = dayIn(now, settings.timezone);
  const [toContact, toConfirm, toCollect] = await Promise.all([
    leadsToContact(TODAY_LIST_LIMIT),
    bookingsToConfirm(TODAY_LIST_LIMIT, now),
    invoicesToCollect(today, TODAY_LIST_LIMIT),
  ]);
  return { toContact, toConfirm, toCollect, today, timeZone: settings.timezone, defaultMeetingLink: settings.defaultMeetingLink ?? "" };
}

export type TodayList = Awaited<ReturnType<typeof todayList>>;
