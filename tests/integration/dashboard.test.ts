import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as dashboardPage from "~/admin/dashboard-page";
import { dashboardFigures, todayList } from "~/admin/dashboard.server";
import { addDaysToDate } from "~/availability/slot-time";
import { consultationBookings } from "~/consultations/schema";
import { dayIn } from "~/formatting/dates";
import { addClient } from "~/clients/add-client.server";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { invoicePayments, invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { testActor } from "../support/actors";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

const NY = "America/New_York";
const handler = (fn: unknown) => fn as RouteHandler;

withTestDatabase();

// Business zone: America/New_York (the seed's). "Now" is 15 March 2026, 12:00 in New York.
const NOW = new Date("2026-03-15T16:00:00Z");

async function client(email: string, status: "active" | "paused" = "active") {
  const made = await addClient({ actor: testActor(), input: { name: email.split("@")[0] ?? email, email, phone: null, tier: "1", notes: null } });
  if (status !== "active") await db().update(clients).set({ status }).where(eq(clients.id, made.client.id));
  return made;
}

describe("the dashboard's figures", () => {
  it("counts leads, clients and projects, lists the next deadlines and sums revenue by month in the business zone", async () => {
    await db().insert(leads).values([
      { name: "A", email: "a@example.com", source: "manual" },
      { name: "B", email: "b@example.com", source: "manual" },
    ]);
    const one = await client("one@example.com");
    const two = await client("two@example.com");
    await client("three@example.com", "paused");

    const statuses = ["not_started", "in_progress", "in_progress", "complete"] as const;
    const deadlines = ["2026-03-15", "2026-03-18", "2026-03-22", "2026-03-16"];
    for (const [index, status] of statuses.entries()) {
      const project = await createProjectForClient(testActor(), one.client.id, { name: `Site ${index}`, tier: "2" });
      await db().update(projects).set({ status, deliveryDeadline: deadlines[index] }).where(eq(projects.id, project.id));
    }
    const late = await createProjectForClient(testActor(), two.client.id, { name: "Too late", tier: "1" });
    await db().update(projects).set({ deliveryDeadline: "2026-03-23" }).where(eq(projects.id, late.id));

    // Revenue by created date: 04:30 UTC on 1 March is still 28 February in New York (not this month);
    // 05:30 UTC is 1 March 00:30 there (this month). Last year's does not count toward YTD.
    await db().update(invoices).set({ status: "paid", totalCents: 10_000, createdAt: new Date("2026-03-01T04:30:00Z") }).where(eq(invoices.id, one.invoice.id));
    await db().update(invoices).set({ status: "paid", totalCents: 20_000, createdAt: new Date("2026-03-01T05:30:00Z") }).where(eq(invoices.id, two.invoice.id));
    const three = await db().select().from(invoices).where(eq(invoices.status, "draft"));
    await db().update(invoices).set({ status: "paid", totalCents: 40_000, createdAt: new Date("2025-12-31T12:00:00Z") }).where(eq(invoices.id, three[0]!.id));
    // An overdue (sent, due yesterday) and an unpaid draft.
    const four = await client("four@example.com");
    await db().update(invoices).set({ status: "sent", dueDate: "2026-03-14", totalCents: 19_900, createdAt: new Date("2026-03-02T12:00:00Z") }).where(eq(invoices.id, four.invoice.id));

    const figures = await dashboardFigures(NOW);
    expect(figures.totalLeads).toBe(2);
    expect(figures.clients).toEqual({ total: 4, active: 3 });
    expect(figures.projects).toEqual({ total: 5, notStarted: 2, inProgress: 2, complete: 1, progressPercent: 20 });
    expect(figures.deadlines.map((deadline) => [deadline.projectLabel, deadline.daysLeft])).toEqual([
      ["Site 0", 0],
      ["Site 1", 3],
      ["Site 2", 7],
    ]);
    expect(figures.revenue).toEqual({ monthToDateCents: 20_000, yearToDateCents: 30_000 });
    expect(figures.unpaid.count).toBe(1);
    expect(figures.overdue).toEqual({ count: 1, amountCents: 19_900 });
  });
});

describe("the dashboard's Today view", () => {
  it("lists new leads, bookings waiting for 'Confirm' and invoices due or part-paid, and does each one's action in place", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const today = dayIn(new Date(), NY);
    const [fresh, contacted] = await db()
      .insert(leads)
      .values([
        { name: "Nina New", email: "nina@example.com", source: "website", status: "new" },
        { name: "Carl Contacted", email: "carl@example.com", source: "website", status: "contacted" },
      ])
      .returning();
    // A booking with a time the agency has not confirmed, one already confirmed, one whose time has passed.
    const [waiting, confirmed, past] = await db()
      .insert(consultationBookings)
      .values([
        { leadId: contacted!.id, bookingToken: `${contacted!.id}-${"a".repeat(32)}`, status: "pending", selectedStart: new Date(Date.now() + 86_400_000), selectedEnd: new Date(Date.now() + 88_200_000) },
        { leadId: contacted!.id, bookingToken: `${contacted!.id}-${"b".repeat(32)}`, status: "confirmed", selectedStart: new Date(Date.now() + 86_400_000), selectedEnd: new Date(Date.now() + 88_200_000), meetingLink: "https://meet.example.test/x" },
        { leadId: contacted!.id, bookingToken: `${contacted!.id}-${"c".repeat(32)}`, status: "pending", selectedStart: new Date(Date.now() - 86_400_000), selectedEnd: new Date(Date.now() - 84_600_000) },
      ])
      .returning();
    // Invoices: sent and due yesterday; sent, due next month but part-paid; sent and due next month; a draft due yesterday; paid.
    const made = await Promise.all(["due@example.com", "part@example.com", "later@example.com", "draft@example.com", "paid@example.com"].map((email) => client(email)));
    const [due, part, later, draft, paid] = made.map((one) => one.invoice);
    const set = (id: string, values: Partial<typeof invoices.$inferInsert>) => db().update(invoices).set(values).where(eq(invoices.id, id));
    await set(due!.id, { status: "sent", dueDate: addDaysToDate(today, -1), totalCents: 10_000 });
    await set(part!.id, { status: "sent", dueDate: addDaysToDate(today, 30), totalCents: 20_000 });
    await db().insert(invoicePayments).values({ invoiceId: part!.id, amountCents: 5_000, paidOn: today, method: "cash" });
    await set(later!.id, { status: "sent", dueDate: addDaysToDate(today, 30), totalCents: 30_000 });
    await set(draft!.id, { status: "draft", dueDate: addDaysToDate(today, -1), totalCents: 40_000 });
    await set(paid!.id, { status: "paid", dueDate: addDaysToDate(today, -1), totalCents: 50_000 });

    const list = await todayList();
    expect(list.toContact).toMatchObject({ total: 1, leads: [{ id: fresh!.id, name: "Nina New" }] });
    expect(list.toConfirm).toMatchObject({ total: 1, bookings: [{ id: waiting!.id, lead: { name: "Carl Contacted" } }] });
    expect(list.toCollect.total).toBe(2);
    expect(list.toCollect.invoices.map((invoice) => [invoice.id, invoice.balanceCents])).toEqual([
      [due!.id, 10_000],
      [part!.id, 15_000],
    ]);
    expect([confirmed, past].map((booking) => booking!.id)).not.toContain(list.toConfirm.bookings[0]?.id);

    // Each action in place: the lead contacted, the booking confirmed, a payment recorded.
    const post = (form: Record<string, string>) => callRoute(handler(dashboardPage.action), "/admin", { cookie, form });
    expect((await post({ intent: "mark-contacted", leadId: fresh!.id })).status).toBe(302);
    expect((await post({ intent: "confirm", bookingId: waiting!.id, meetingLink: "https://meet.example.test/carl" })).status).toBe(302);
    expect((await post({ intent: "record-payment", invoiceId: due!.id, amount: "100.00", paidOn: today, method: "zelle" })).status).toBe(302);
    const after = await todayList();
    expect([after.toContact.total, after.toConfirm.total, after.toCollect.invoices.map((invoice) => invoice.id)]).toEqual([0, 0, [part!.id]]);
    const [lead] = await db().select().from(leads).where(eq(leads.id, fresh!.id));
    expect(lead?.status).toBe("contacted");
    const [booking] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, waiting!.id));
    expect(booking).toMatchObject({ status: "confirmed", meetingLink: "https://meet.example.test/carl" });

    // Refused as on their own pages: no meeting link, more than the balance, a malformed id; nothing changes.
    const refusals: Record<string, string>[] = [
      { intent: "confirm", bookingId: past!.id, meetingLink: "" },
      { intent: "record-payment", invoiceId: part!.id, amount: "999.00", paidOn: today, method: "cash" },
      { intent: "mark-contacted", leadId: "not-an-id" },
    ];
    for (const form of refusals) expect((await post(form)).status, form.intent).toBe(400);
    expect((await todayList()).toCollect.invoices[0]?.balanceCents).toBe(15_000);
    // Without an admin's session the action does nothing.
    const stranger = await callRoute(handler(dashboardPage.action), "/admin", { form: { intent: "mark-contacted", leadId: contacted!.id } });
    expect(stranger.status).toBe(302);
    expect(stranger.location).toMatch(/^\/auth/);
  });
});
