import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addressOneOf, declareTable, deletedWithRow, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { portalEvents, portalSessions, portalSignInLinks, portalSignInRequests } from "./schema";

const ofClients = (column: AnyPgColumn) => (person: Person) => oneOf(column, person.clientIds);
const hashOfSecret = nothingPersonal("a hash of a random secret");

/**
 * The portal's rows of a client go whole when the client is erased: their sign-in links (with the
 * address they were sent to), their sessions (so an erased person is signed out at once) and what
 * they did in the portal; and an address's requests for a link still waiting for the worker.
 */
export const portalPersonalData = declarePersonalData({
  domain: "portal",
  tables: [
    declareTable({
      table: portalSignInLinks,
      rows: ofClients(portalSignInLinks.clientId),
      erase: "delete the rows",
      columns: { email: deletedWithRow, tokenHash: hashOfSecret },
    }),
    declareTable({
      table: portalSignInRequests,
      rows: (person) => addressOneOf(portalSignInRequests.email, person.emails),
      erase: "delete the rows",
      columns: { email: deletedWithRow },
    }),
    declareTable({ table: portalSessions, rows: ofClients(portalSessions.clientId), erase: "delete the rows", columns: { tokenHash: hashOfSecret } }),
    declareTable({
      table: portalEvents,
      rows: ofClients(portalEvents.clientId),
      erase: "delete the rows",
      columns: { kind: nothingPersonal("what kind of thing was done"), label: deletedWithRow },
    }),
  ],
});
