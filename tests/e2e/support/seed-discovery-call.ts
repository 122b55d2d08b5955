// Before the app starts (PGlite serves one process): a client who came from a lead, with a
// discovery call booked by that lead and a project, so the client page can link the call.
// Run as `node --import tsx tests/e2e/support/seed-discovery-call.ts` with DATA_DIR set.
import { clients } from "~/clients/schema";
import { consultationBookings } from "~/consultations/schema";
import { systemActor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  const [lead] = await db().insert(leads).values({ name: "Dora Discovery", email: "dora@discovery.test", source: "manual", status: "converted" }).returning();
  if (!lead) throw new Error("lead not saved");
  const [client] = await db()
    .insert(clients)
    .values({ name: "Dora Discovery", email: "dora@discovery.test", tier: "2", status: "active", paymentStatus: "pending", leadId: lead.id })
    .returning();
  if (!client) throw new Error("client not saved");
  await db().insert(consultationBookings).values({
    leadId: lead.id,
    bookingToken: `${lead.id}-e2e-discovery-call-token-0000000000`,
    status: "confirmed",
    selectedStart: new Date("2026-12-03T15:00:00Z"),
    selectedEnd: new Date("2026-12-03T15:30:00Z"),
  });
  await createProjectForClient(systemActor("console"), client.id, { name: "Discovery site", tier: "2" });
} finally {
  await stopApplication();
}
