// Writes the invoices browser test's starting point into DATA_DIR before the app takes it:
// a client with a tier 2 project carrying two add-ons, and a completed, unbilled consultation.
// Run with `node --import tsx`; prints the ids as JSON.
import { addOns, projectAddOns } from "~/add-ons/schema";
import { addClient } from "~/clients/clients.server";
import { consultations } from "~/consultations/schema";
import { systemActor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { createProjectForClient } from "~/projects/projects.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  const { client } = await addClient(systemActor("console"), { name: "Bloom Florals", email: "hi@bloom-florals.test", phone: null, tier: "2", notes: null });
  const project = await createProjectForClient(systemActor("console"), client.id, { name: "Bloom storefront", tier: "2" });
  const [extraPage] = await db().insert(addOns).values({ name: "Extra page", flatPriceCents: 5_000 }).returning();
  const [blog] = await db().insert(addOns).values({ name: "Blog setup", tierPricesCents: { "2": 7_500 } }).returning();
  await db().insert(projectAddOns).values([
    { projectId: project.id, addOnId: extraPage!.id, quantity: 2 },
    { projectId: project.id, addOnId: blog!.id, quantity: 1, customPriceCents: 6_000 },
  ]);
  await db().insert(consultations).values({ clientId: client.id, status: "completed", consultType: "follow-up", scheduledDate: "2026-11-02" });
  console.log(JSON.stringify({ clientId: client.id, projectId: project.id }));
} finally {
  await stopApplication();
}
