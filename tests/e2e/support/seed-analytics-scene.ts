// Writes the analytics browser test's starting point into DATA_DIR before the app takes it: leads
// 1, 3, 10 and 60 days old (so 7, 30 and 90 days show 2, 3 and 4), one of them a client with a paid
// invoice, a campaign, a referral and a booked consultation. Run with `node --import tsx`.
import { campaigns } from "~/campaigns/schema";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { invoicePayments, invoices } from "~/invoices/schema";
import { leads, leadTimelineEvents } from "~/leads/schema";
import { referrals } from "~/referrals/schema";
import { openStorage, stopApplication } from "~/server-lifecycle.server";
import { dayIn } from "~/formatting/dates";

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

try {
  await openStorage();
  const [campaign] = await db().insert(campaigns).values({ name: "Spring Launch", slug: "spring-launch", status: "active" }).returning();
  const [recent, , , converted] = await db()
    .insert(leads)
    .values([
      { name: "Rita Recent", email: "rita@e2e.test", source: "Promo Popup", promoCode: "WEB-E2E-1", promoStatus: "active", createdAt: ago(1), campaignId: campaign!.id },
      { name: "Rafe Referred", email: "rafe@e2e.test", source: "referral", createdAt: ago(3) },
      { name: "Olive Old", email: "olive@e2e.test", source: "manual", createdAt: ago(60) },
      { name: "Carl Client", email: "carl@e2e.test", source: "website", status: "converted", bookingStatus: "completed", createdAt: ago(10), campaignId: campaign!.id },
    ])
    .returning();
  await db().insert(leadTimelineEvents).values({ leadId: recent!.id, event: "booked", data: { rescheduled: false }, createdAt: ago(1) });
  const [client] = await db().insert(clients).values({ name: "Carl Client", email: "carl@e2e.test", leadId: converted!.id, createdAt: ago(9) }).returning();
  const [invoice] = await db().insert(invoices).values({ invoiceNumber: "INV-E2E-1", clientId: client!.id, status: "paid", totalCents: 24_900 }).returning();
  await db().insert(invoicePayments).values({ invoiceId: invoice!.id, amountCents: 24_900, paidOn: dayIn(ago(8), "America/New_York"), method: "cash" });
  await db().insert(referrals).values({ referrerName: "Carl Client", referrerClientId: client!.id, createdAt: ago(3) });
  console.log(JSON.stringify({ ok: true }));
} finally {
  await stopApplication();
}
