// Writes the client portal's browser test's starting point into DATA_DIR before the app takes it:
// two clients with projects, invoices, calls, a referral and e-mails, and two open times to book.
// Run with `node --import tsx`; prints the scene as JSON.
import { availabilitySlots } from "~/availability/schema";
import { slotInstants } from "~/availability/slot-time";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";
import { inArray } from "drizzle-orm";
import { deliverDueEmails } from "~/email/delivery.server";
import { requestSignInLink } from "~/portal/sign-in.server";
import { latestSignInSecret, makePortalClient, openSlot } from "../../support/portal-scene";

try {
  await openStorage();
  const rosa = await makePortalClient("Rosa Delgado", "rosa@mesaverde.test");
  const bo = await makePortalClient("Bo Brandt", "bo@brandt.test");
  const free = [await openSlot(2), await openSlot(4)];
  // A sign-in link sent an hour ago: long expired. Its mail is stored, not sent again by the app.
  const anHourAgo = new Date(Date.now() - 60 * 60_000);
  await requestSignInLink({ email: bo.email }, { clientAddress: "198.51.100.99", now: anHourAgo });
  const expiredLink = `/portal/sign-in/${await latestSignInSecret(bo.email, anHourAgo)}`;
  await deliverDueEmails({ transport: null });
  const slots = await db().select().from(availabilitySlots).where(inArray(availabilitySlots.id, free.map((slot) => slot.id)));
  const freeSlots = free.map(({ id, key }) => {
    const slot = slots.find((row) => row.id === id);
    const instants = slot ? slotInstants(slot, "America/New_York") : null;
    return { key, start: instants?.start.toISOString() ?? "" };
  });
  console.log(JSON.stringify({ rosa, bo, freeSlots, expiredLink }));
} finally {
  await stopApplication();
}
