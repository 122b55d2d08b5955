// Writes the security browser test's starting point into DATA_DIR before the app takes it: a lead
// with a booking link, a client with a project and a sent invoice whose public link works.
// Run with `node --import tsx`; prints the ids and links as JSON.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { systemActor } from "~/audit/actor";
import { addClient } from "~/clients/clients.server";
import { consultationBookings } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { invoices } from "~/invoices/schema";
import { addLineItem, createInvoice } from "~/invoices/invoices.server";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  const [lead] = await db().insert(leads).values({ name: "Lena Lead", email: "lena@lead.test", source: "manual", status: "new" }).returning();
  if (!lead) throw new Error("lead not saved");
  const bookingToken = `${lead.id}-${randomBytes(16).toString("hex")}`;
  await db().insert(consultationBookings).values({ leadId: lead.id, bookingToken, status: "pending" });
  const { client } = await addClient(systemActor("console"), { name: "Bloom Florals", email: "hi@bloom-florals.test", phone: null, tier: "2", notes: null });
  const project = await createProjectForClient(systemActor("console"), client.id, { name: "Bloom storefront", tier: "2" });
  const invoice = await createInvoice(systemActor("console"), { clientId: client.id, projectId: project.id, tier: "2", dueDate: null });
  await addLineItem(systemActor("console"), invoice.id, { description: "Design", quantity: 1, unitPrice: 120_000 });
  const viewToken = randomBytes(32).toString("base64url");
  await db().update(invoices).set({ viewToken, status: "sent" }).where(eq(invoices.id, invoice.id));
  console.log(JSON.stringify({ leadId: lead.id, clientId: client.id, projectId: project.id, invoiceId: invoice.id, bookingToken, viewToken }));
} finally {
  await stopApplication();
}
