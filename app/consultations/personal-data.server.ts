import { sql } from "drizzle-orm";
import { blank, declareTable, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { calendarFeeds, consultationBookings, consultations } from "./schema";

const personsBookings = (person: Person) =>
  sql`${oneOf(consultationBookings.id, person.bookingIds)} or ${oneOf(consultationBookings.leadId, person.leadIds)} or ${oneOf(consultationBookings.clientId, person.clientIds)}`;

/** Bookings and consultations keep when they were and how they went; the agency's notes about the person go. */
export const consultationsPersonalData = declarePersonalData({
  domain: "consultations",
  tables: [
    declareTable({
      table: consultationBookings,
      rows: personsBookings,
      erase: "update the columns",
      columns: {
        adminNotes: blank,
        // Where in the world someone reads their times is a hint of where they live: it goes with them.
        visitorTimeZone: blank,
        bookingToken: nothingPersonal("a random capability; the lead id it starts with names an erased lead"),
        status: nothingPersonal("the booking's state"),
        proposedSlots: nothingPersonal("times the agency offered"),
        meetingLink: nothingPersonal("the agency's video-call link"),
      },
    }),
    declareTable({
      table: consultations,
      rows: (person) => sql`${oneOf(consultations.clientId, person.clientIds)} or ${oneOf(consultations.bookingId, person.bookingIds)}`,
      erase: "update the columns",
      columns: {
        notes: blank,
        consultType: nothingPersonal("initial or follow-up"),
        status: nothingPersonal("the consultation's state"),
        meetingLink: nothingPersonal("the agency's video-call link"),
      },
    }),
    declareTable({
      table: calendarFeeds,
      rows: (person) => oneOf(calendarFeeds.userId, person.userIds),
      erase: "delete the rows",
      columns: { userId: nothingPersonal("an admin account's random id"), tokenHash: nothingPersonal("a hash of a random secret") },
    }),
  ],
  async identify(executor, person) {
    const rows = await executor.select({ id: consultationBookings.id }).from(consultationBookings).where(personsBookings(person));
    for (const row of rows) person.bookingIds.add(row.id);
  },
});
