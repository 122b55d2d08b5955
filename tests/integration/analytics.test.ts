import { describe, expect, it } from "vitest";
import { analyticsCsvResponse } from "~/analytics/analytics-csv.server";
import { analyticsPeriod, type AnalyticsPeriodDays } from "~/analytics/analytics-period";
import { consultationsBooked, leadsPerDayBySource, promoClaimsAndUses, revenuePerWeek } from "~/analytics/analytics-series.server";
import { leadFunnel, leadSummary } from "~/analytics/analytics-totals.server";
import { topCampaigns, topReferrers } from "~/analytics/analytics-rankings.server";
import { campaigns } from "~/attribution/schema";
import { clients } from "~/clients/schema";
import { consultationBookings, consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { invoicePayments, invoices } from "~/invoices/schema";
import { leads, leadTimelineEvents, type NewLead } from "~/leads/schema";
import { referrals } from "~/referrals/schema";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// Business zone: America/New_York (the seed's). "Now" is Sunday 15 March 2026, 12:00 in New York
// (daylight time since 8 March). The 7-day period is 9–15 March: it starts at 04:00 UTC on 9 March.
const NOW = new Date("2026-03-15T16:00:00Z");
const ZONE = "America/New_York";
const period = (days: AnalyticsPeriodDays) => analyticsPeriod(days, NOW, ZONE);

async function lead(values: Partial<NewLead> & { createdAt: Date }) {
  const [row] = await db()
    .insert(leads)
    .values({ name: "Lead", email: `${Math.random().toString(36).slice(2)}@example.com`, source: "website", ...values })
    .returning();
  return row!;
}

/** A scene across the days of March, with rows just either side of the period's first midnight. */
async function seedScene() {
  const [spring, winter, quiet] = await db()
    .insert(campaigns)
    .values([
      { name: "Spring Launch", slug: "spring" },
      { name: "Winter Mailer", slug: "winter" },
      { name: "Quiet", slug: "quiet" },
    ])
    .returning();

  // 00:00 on 9 March in New York: the first instant of the 7-day period.
  const converted = await lead({
    createdAt: new Date("2026-03-09T04:00:00Z"),
    source: "Promo Popup",
    status: "converted",
    promoCode: "WEB-1",
    promoStatus: "used",
    bookingStatus: "completed",
    campaignId: spring!.id,
  });
  // 23:59 on 8 March: the 30-day period's, not the 7-day one's.
  await lead({ createdAt: new Date("2026-03-09T03:59:00Z"), source: "website" });
  await lead({ createdAt: new Date("2026-03-15T15:00:00Z"), source: "Promo Popup", status: "contacted", promoCode: "WEB-2", promoStatus: "active", campaignId: spring!.id });
  const invited = await lead({ createdAt: new Date("2026-03-12T12:00:00Z"), source: "referral", bookingStatus: "sent", campaignId: winter!.id });
  const calledBack = await lead({ createdAt: new Date("2026-03-12T13:00:00Z"), source: "website" });
  const booked = await lead({ createdAt: new Date("2026-03-13T12:00:00Z"), source: "manual", bookingStatus: "booked" });
  // Only the 90-day period reaches 1 January.
  await lead({ createdAt: new Date("2026-01-01T17:00:00Z"), source: "manual", promoCode: "WEB-0", promoStatus: "expired", campaignId: quiet!.id });

  await db().insert(leadTimelineEvents).values([
    { leadId: calledBack.id, event: "status_changed", data: { from: "new", to: "contacted" }, createdAt: new Date("2026-03-12T14:00:00Z") },
    { leadId: calledBack.id, event: "status_changed", data: { from: "contacted", to: "new" }, createdAt: new Date("2026-03-12T15:00:00Z") },
    { leadId: booked.id, event: "booked", data: { rescheduled: false }, createdAt: new Date("2026-03-13T14:00:00Z") },
    { leadId: booked.id, event: "booked", data: { rescheduled: true }, createdAt: new Date("2026-03-14T14:00:00Z") },
  ]);
  await db().insert(consultationBookings).values({ leadId: invited.id, bookingToken: `${invited.id}-pending` });
  const [call] = await db()
    .insert(consultationBookings)
    .values({ leadId: booked.id, bookingToken: `${booked.id}-booked`, status: "confirmed", selectedStart: new Date("2026-03-20T14:00:00Z") })
    .returning();

  const [client] = await db()
    .insert(clients)
    .values({ name: "Ann Client", email: "ann@example.com", leadId: converted.id, createdAt: new Date("2026-03-10T15:00:00Z") })
    .returning();
  const [invoice] = await db()
    .insert(invoices)
    .values({ invoiceNumber: "INV-T1", clientId: client!.id, status: "paid", totalCents: 17_000, promoCode: "WEB-1" })
    .returning();
  await db().insert(invoicePayments).values([
    // Sunday 8 March: the week of 8 March, but before the 7-day period.
    { invoiceId: invoice!.id, amountCents: 2_000, paidOn: "2026-03-08", method: "cash" },
    { invoiceId: invoice!.id, amountCents: 10_000, paidOn: "2026-03-12", method: "cash" },
    { invoiceId: invoice!.id, amountCents: 5_000, paidOn: "2026-03-15", method: "check" },
  ]);
  await db().insert(consultations).values([
    { clientId: client!.id, createdAt: new Date("2026-03-11T12:00:00Z") },
    // Recorded from the online booking: counted once, as the booking.
    { clientId: client!.id, bookingId: call!.id, createdAt: new Date("2026-03-13T15:00:00Z") },
  ]);

  await db().insert(referrals).values([
    { referrerName: "Ann Client", referrerClientId: client!.id, leadId: invited.id, createdAt: new Date("2026-03-12T12:00:00Z") },
    {
      referrerName: "Olga Outside",
      status: "converted",
      commissionCents: 1_500,
      createdAt: new Date("2026-02-01T12:00:00Z"),
      convertedAt: new Date("2026-03-14T12:00:00Z"),
    },
    { referrerName: "Old Friend", createdAt: new Date("2026-01-01T12:00:00Z") },
  ]);
}

describe("the analytics figures", () => {
  it("count leads by status with the rounded conversion rate, from the period's first midnight in the business zone", async () => {
    await seedScene();
    expect(await leadSummary(period(7))).toEqual({ total: 5, byStatus: { new: 3, contacted: 1, converted: 1 }, conversionRate: 20 });
    expect(await leadSummary(period(30))).toEqual({ total: 6, byStatus: { new: 4, contacted: 1, converted: 1 }, conversionRate: 17 });
    expect((await leadSummary(period(90))).total).toBe(7);
    expect((await leadSummary(period(90))).conversionRate).toBe(14);
  });

  it("count leads per local day and source, empty days included", async () => {
    await seedScene();
    const week = await leadsPerDayBySource(period(7));
    expect(week.days.map((day) => day.day)).toEqual(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15"]);
    expect(week.days.map((day) => day.total)).toEqual([1, 0, 0, 2, 1, 0, 1]);
    expect(week.days[3]?.bySource).toEqual({ referral: 1, website: 1 });
    expect(week.sources).toEqual(["Promo Popup", "manual", "referral", "website"]);
    expect(week.totalsBySource).toEqual({ "Promo Popup": 2, manual: 1, referral: 1, website: 1 });

    const month = await leadsPerDayBySource(period(30));
    expect(month.days).toHaveLength(30);
    expect(month.days.find((day) => day.day === "2026-03-08")?.bySource).toEqual({ website: 1 });
  });

  it("follow the period's leads through the funnel", async () => {
    await seedScene();
    expect(await leadFunnel(period(7))).toEqual({ lead: 5, contacted: 5, invited: 3, booked: 2, client: 1, paid: 1 });
    expect(await leadFunnel(period(30))).toEqual({ lead: 6, contacted: 5, invited: 3, booked: 2, client: 1, paid: 1 });
  });

  it("count promo claims and the uses of those claims, by day and over 90 days by week", async () => {
    await seedScene();
    const week = await promoClaimsAndUses(period(7));
    expect(week).toHaveLength(7);
    expect(week.filter((bucket) => bucket.claimed > 0)).toEqual([
      { bucket: "2026-03-09", claimed: 1, used: 1 },
      { bucket: "2026-03-15", claimed: 1, used: 0 },
    ]);
    const quarter = await promoClaimsAndUses(period(90));
    // Weeks from Sunday 14 December 2025 (the week of 16 December, the first day) to Sunday 15 March.
    expect(quarter).toHaveLength(14);
    expect(quarter[0]?.bucket).toBe("2025-12-14");
    expect(quarter.filter((bucket) => bucket.claimed > 0)).toEqual([
      { bucket: "2025-12-28", claimed: 1, used: 0 },
      { bucket: "2026-03-08", claimed: 1, used: 1 },
      { bucket: "2026-03-15", claimed: 1, used: 0 },
    ]);
  });

  it("count consultations booked online (not reschedules) and added by the admin", async () => {
    await seedScene();
    const week = await consultationsBooked(period(7));
    expect(week.filter((bucket) => bucket.online + bucket.byAdmin > 0)).toEqual([
      { bucket: "2026-03-11", online: 0, byAdmin: 1 },
      { bucket: "2026-03-13", online: 1, byAdmin: 0 },
    ]);
    const quarter = await consultationsBooked(period(90));
    expect(quarter.find((bucket) => bucket.bucket === "2026-03-08")).toEqual({ bucket: "2026-03-08", online: 1, byAdmin: 1 });
  });

  it("sum payments received per week within the period", async () => {
    await seedScene();
    expect(await revenuePerWeek(period(7))).toEqual([
      { week: "2026-03-08", payments: 1, amountCents: 10_000 },
      { week: "2026-03-15", payments: 1, amountCents: 5_000 },
    ]);
    const month = await revenuePerWeek(period(30));
    expect(month[0]?.week).toBe("2026-02-08");
    expect(month.find((week) => week.week === "2026-03-08")).toEqual({ week: "2026-03-08", payments: 2, amountCents: 12_000 });
  });

  it("rank campaigns by the revenue, clients and leads they brought in the period", async () => {
    await seedScene();
    expect((await topCampaigns(period(7))).map(({ name, leads, clients, revenueCents }) => ({ name, leads, clients, revenueCents }))).toEqual([
      { name: "Spring Launch", leads: 2, clients: 1, revenueCents: 15_000 },
      { name: "Winter Mailer", leads: 1, clients: 0, revenueCents: 0 },
    ]);
    expect((await topCampaigns(period(90))).map((row) => row.name)).toEqual(["Spring Launch", "Quiet", "Winter Mailer"]);
  });

  it("rank referrers by conversions in the period", async () => {
    await seedScene();
    expect((await topReferrers(period(7))).map(({ name, referred, converted, commissionCents }) => ({ name, referred, converted, commissionCents }))).toEqual([
      { name: "Olga Outside", referred: 0, converted: 1, commissionCents: 1_500 },
      { name: "Ann Client", referred: 1, converted: 0, commissionCents: 0 },
    ]);
    expect((await topReferrers(period(90))).map((row) => row.name)).toEqual(["Olga Outside", "Ann Client", "Old Friend"]);
  });

  it("download each chart's numbers as CSV", async () => {
    await seedScene();
    const revenue = await analyticsCsvResponse("revenue", period(7), NOW);
    expect(revenue.headers.get("Content-Disposition")).toBe('attachment; filename="analytics-revenue-7d-2026-03-15.csv"');
    expect((await revenue.text()).replace(/^\uFEFF/, "").trim().split("\n")).toEqual([
      "From,To,Payments,Revenue (USD)",
      "2026-03-09,2026-03-14,1,100.00",
      "2026-03-15,2026-03-15,1,50.00",
    ]);
    const campaigns = await analyticsCsvResponse("campaigns", period(7), NOW);
    expect((await campaigns.text()).trim().split("\n").slice(1)).toEqual(["Spring Launch,spring,2,1,150.00", "Winter Mailer,winter,1,0,0.00"]);
    const summary = await analyticsCsvResponse("summary", period(30), NOW);
    expect(await summary.text()).toContain("Conversion Rate (%),17");
  });

  it("answer zeros and empty days with no data at all", async () => {
    expect(await leadSummary(period(30))).toEqual({ total: 0, byStatus: { new: 0, contacted: 0, converted: 0 }, conversionRate: 0 });
    const days = await leadsPerDayBySource(period(30));
    expect(days.sources).toEqual([]);
    expect(days.days).toHaveLength(30);
    expect(await leadFunnel(period(30))).toEqual({ lead: 0, contacted: 0, invited: 0, booked: 0, client: 0, paid: 0 });
    expect((await promoClaimsAndUses(period(30))).every((bucket) => bucket.claimed === 0)).toBe(true);
    expect((await consultationsBooked(period(90))).every((bucket) => bucket.online + bucket.byAdmin === 0)).toBe(true);
    expect((await revenuePerWeek(period(7))).map((week) => week.amountCents)).toEqual([0, 0]);
    expect(await topCampaigns(period(30))).toEqual([]);
    expect(await topReferrers(period(30))).toEqual([]);
  });
});
