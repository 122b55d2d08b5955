import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardFigures } from "~/admin/dashboard.server";
import { addClient } from "~/clients/clients.server";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// Business zone: America/New_York (the seed's). "Now" is 15 March 2026, 12:00 in New York.
const NOW = new Date("2026-03-15T16:00:00Z");

async function client(email: string, status: "active" | "paused" = "active") {
  const made = await addClient(testActor(), { name: email.split("@")[0] ?? email, email, phone: null, tier: "1", notes: null });
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
