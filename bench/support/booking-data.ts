// bench:booking's data: a data directory with demo leads, four weeks of weekday slots, a blocked
// day, and one invitation per visitor, with what each visitor's page must offer.
import { systemActor } from "~/audit/actor";

/** An offered time as either page names it: its slot id (before decision 035), or its day and minute. */
export type OfferedMark = { id: string; date: string; minute: number };
/** What every answer must contain to count as the whole page. */
export type Expected = { token: string; marks: string[]; first: OfferedMark; last: OfferedMark };

export async function prepareBookingData(dataDir: string, invitationCount: number): Promise<Expected[]> {
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = "";
  const { openStorage, stopApplication } = await import("~/server-lifecycle.server");
  const { db } = await import("~/db/connection.server");
  const { seedDemoData } = await import("~/demo/demo-seed.server");
  const { addRecurringRule, blockDates } = await import("~/availability/availability-editing.server");
  const { generateSlotsFromRules } = await import("~/availability/availability.server");
  const { createBookingInvitation } = await import("~/consultations/create-booking-invitation.server");
  const { loadBookingPage } = await import("~/booking/booking.server");
  const { deliverDueEmails } = await import("~/email/delivery.server");
  const { runNightlyBackup } = await import("~/backups/backups.server");
  const { leads } = await import("~/leads/schema");
  const { availabilitySlots } = await import("~/availability/schema");
  const { offeredKeys, startTimeOf } = await import("~/availability/offered-days");
  const { and, eq } = await import("drizzle-orm");
  const { addDaysToDate } = await import("~/availability/slot-time");
  const { dayIn } = await import("~/formatting/dates");
  try {
    await openStorage();
    await seedDemoData(db(), { leads: 500 });
    for (const day of [1, 2, 3, 4, 5]) await addRecurringRule(systemActor("console"), { dayOfWeek: day, startTime: "09:00", endTime: "17:00" });
    // Four weeks of slots, from today: a 30-day invitation offers ~300 times.
    await generateSlotsFromRules(systemActor("console"), 28);
    const blocked = addDaysToDate(dayIn(new Date(), "America/New_York"), 3);
    await blockDates(systemActor("console"), { startDate: blocked, endDate: blocked, reason: "Benchmark" });
    const visitors = await db()
      .insert(leads)
      .values(Array.from({ length: invitationCount }, (_, index) => ({ name: `Bench Visitor ${index + 1}`, email: `bench${index + 1}@example.test`, source: "website" as const, status: "new" as const })))
      .returning();
    const markOf = async (key: { date: string; minute: number } | undefined): Promise<OfferedMark> => {
      if (!key) throw new Error("The invitation offers no time");
      const [slot] = await db()
        .select({ id: availabilitySlots.id })
        .from(availabilitySlots)
        .where(and(eq(availabilitySlots.date, key.date), eq(availabilitySlots.startTime, startTimeOf(key))));
      if (!slot) throw new Error(`No slot at ${key.date} ${key.minute}`);
      return { id: slot.id, ...key };
    };
    const expected: Expected[] = [];
    for (const lead of visitors) {
      const { bookingToken } = await createBookingInvitation({ actor: systemActor("console"), leadId: lead.id, windowDays: 30 });
      const page = await loadBookingPage(bookingToken);
      const keys = page.kind === "ready" ? offeredKeys(page.offered.days) : [];
      expected.push({
        token: bookingToken,
        marks: ["Book Your Consultation", `Bench Visitor ${expected.length + 1}`],
        first: await markOf(keys[0]),
        last: await markOf(keys.at(-1)),
      });
    }
    // The invitations' e-mails are stored now, and tonight's backup made, so that the server's worker
    // has nothing to send or back up during the run (the backup, due at start, took ~1 s of CPU).
    while (Object.values(await deliverDueEmails({ transport: null })).some((count) => count > 0));
    await runNightlyBackup();
    await db().execute("analyze");
    return expected;
  } finally {
    await stopApplication();
  }
}
