// Writes the unsubscribe browser test's starting point into DATA_DIR before the app takes it:
// a lead and one marketing e-mail to it waiting in the outbox (the app's worker sends it).
// Run with `node --import tsx`.
import { db } from "~/db/connection.server";
import { enqueueEmail } from "~/email/outbox.server";
import { leads } from "~/leads/schema";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

const address = process.argv[2] ?? "reader@example.test";

try {
  await openStorage();
  await db().transaction(async (tx) => {
    const [lead] = await tx.insert(leads).values({ name: "Rita Reader", email: address, source: "website", status: "contacted" }).returning();
    await enqueueEmail(tx, {
      to: address,
      subject: "Two weeks on: ready for your new site?",
      html: "<p>Hi Rita, your launch offer is still waiting.</p>",
      text: "Hi Rita, your launch offer is still waiting.",
      emailType: "cadence_step",
      category: "marketing",
      leadId: lead?.id ?? null,
    });
  });
} finally {
  await stopApplication();
}
