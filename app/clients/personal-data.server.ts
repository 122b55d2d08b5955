import { sql } from "drizzle-orm";
import { addKnownAddress, addressOneOf, blank, contactOnOwnRecord, declareTable, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { clients } from "./schema";

const personsClients = (person: Person) =>
  sql`${oneOf(clients.id, person.clientIds)} or ${oneOf(clients.leadId, person.leadIds)} or ${addressOneOf(clients.email, person.emails)}`;

/**
 * Clients: who they are (name, e-mail, phone, notes, their site's address) is replaced. Their
 * projects and invoices stay, with their numbers and totals: the books must still add up.
 */
export const clientsPersonalData = declarePersonalData({
  domain: "clients",
  tables: [
    declareTable({
      table: clients,
      rows: personsClients,
      erase: "update the columns",
      columns: {
        ...contactOnOwnRecord(clients.id),
        businessName: blank,
        notes: blank,
        projectLink: blank,
        tier: nothingPersonal("the package bought"),
        status: nothingPersonal("where the client stands"),
        paymentStatus: nothingPersonal("whether they paid"),
        referralCode: nothingPersonal("a random code of their referral link"),
      },
    }),
  ],
  async identify(executor, person) {
    const rows = await executor.select({ id: clients.id, email: clients.email, leadId: clients.leadId }).from(clients).where(personsClients(person));
    for (const row of rows) {
      person.clientIds.add(row.id);
      if (row.leadId) person.leadIds.add(row.leadId);
      addKnownAddress(person, row.email);
    }
  },
});
