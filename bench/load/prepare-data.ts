// The data `npm run bench:load` runs on, prepared through the app's own services.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseServer, databaseUrl } from "./options";
import { systemActor } from "~/audit/actor";

/** The bench's own script, which prepares the data when given --prepare. */
const ENTRY = fileURLToPath(new URL("../load.ts", import.meta.url));

export type Prepared = { hotToken: string; freshTokens: string[] };

/** Demo data (500 leads), four weeks of weekday slots, one invitation for the hot link and one per first view. */
export async function prepareData(invitations: number): Promise<Prepared> {
  process.env.DATABASE_URL = databaseUrl;
  const { openStorage, stopApplication } = await import("~/server-lifecycle.server");
  const { db } = await import("~/db/connection.server");
  const { seedDemoData } = await import("~/demo/demo-seed.server");
  const { addRecurringRule } = await import("~/availability/availability-editing.server");
  const { generateSlotsFromRules } = await import("~/availability/availability.server");
  const { createBookingInvitation } = await import("~/consultations/create-booking-invitation.server");
  const { deliverDueEmails } = await import("~/email/delivery.server");
  const { leads } = await import("~/leads/schema");
  try {
    await openStorage();
    await seedDemoData(db(), { leads: 500 });
    for (const day of [1, 2, 3, 4, 5]) await addRecurringRule(systemActor("console"), { dayOfWeek: day, startTime: "09:00", endTime: "17:00" });
    await generateSlotsFromRules(systemActor("console"), 4);
    const visitors = await db()
      .insert(leads)
      .values(Array.from({ length: invitations }, (_, index) => ({ name: `Load Visitor ${index + 1}`, email: `load${index + 1}@example.test`, source: "website" as const, status: "new" as const })))
      .returning();
    const tokens: string[] = [];
    for (const lead of visitors) tokens.push((await createBookingInvitation({ actor: systemActor("console"), leadId: lead.id, windowDays: 30 })).bookingToken);
    // The invitations' e-mails are stored now, so that the worker has nothing to send when the run starts.
    while (Object.values(await deliverDueEmails({ transport: null })).some((count) => count > 0));
    await db().execute("analyze");
    const [hotToken = "", ...freshTokens] = tokens;
    return { hotToken, freshTokens };
  } finally {
    await stopApplication();
  }
}

/**
 * Prepares the data in a child process (bench/load.ts with --prepare): the load's process then
 * carries neither the app's modules nor a database in its heap.
 */
export async function prepareInChild(invitations: number): Promise<Prepared> {
  const file = path.join(os.tmpdir(), `load-bench-${process.pid}.json`);
  const child = spawn(process.execPath, [...process.execArgv, ENTRY, "--prepare", file, "--first-views", String(invitations), "--database", databaseServer], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Preparing the data failed (exit ${String(code)})`);
  const prepared = JSON.parse(fs.readFileSync(file, "utf8")) as Prepared;
  fs.rmSync(file, { force: true });
  return prepared;
}
