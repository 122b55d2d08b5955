import { or, sql } from "drizzle-orm";
import { addressOneOf, declareTable, deletedWithRow, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { contractTemplates, proposalEvents, proposalOptions, proposals, proposalSignatures, proposalVersions } from "./schema";

const personsProposals = (person: Person) =>
  or(oneOf(proposals.leadId, person.leadIds), oneOf(proposals.clientId, person.clientIds), addressOneOf(proposals.recipientEmail, person.emails)) ?? sql`false`;
const ofPersonsProposals = (person: Person) => sql`(select ${proposals.id} from ${proposals} where ${personsProposals(person)})`;

/**
 * A person's proposals go whole when they are erased: the offer, the contract text naming them,
 * the record of their steps (addresses, browsers) and the sealed PDF. The invoices and the project
 * signing made stay with their own domains' rules.
 */
export const proposalsPersonalData = declarePersonalData({
  domain: "proposals",
  tables: [
    declareTable({
      table: proposals,
      rows: personsProposals,
      erase: "delete the rows",
      columns: {
        title: deletedWithRow,
        recipientName: deletedWithRow,
        recipientEmail: deletedWithRow,
        businessName: deletedWithRow,
        note: deletedWithRow,
        status: nothingPersonal("the proposal's state"),
        depositRule: nothingPersonal("how the deposit is reckoned"),
      },
    }),
    declareTable({
      table: proposalOptions,
      rows: (person) => sql`${proposalOptions.proposalId} in ${ofPersonsProposals(person)}`,
      erase: "delete the rows",
      columns: { kind: nothingPersonal("package or add-on"), tier: nothingPersonal("the package offered"), name: nothingPersonal("the catalogue's name of what is offered") },
    }),
    declareTable({
      table: proposalVersions,
      rows: (person) => sql`${proposalVersions.proposalId} in ${ofPersonsProposals(person)}`,
      erase: "delete the rows",
      columns: { token: deletedWithRow, offer: deletedWithRow, contractText: deletedWithRow, contractSha256: deletedWithRow, choice: deletedWithRow },
    }),
    declareTable({
      table: proposalEvents,
      rows: (person) => sql`${proposalEvents.proposalId} in ${ofPersonsProposals(person)}`,
      erase: "delete the rows",
      columns: { kind: nothingPersonal("the step"), ipAddress: deletedWithRow, userAgent: deletedWithRow, details: deletedWithRow, previousHash: deletedWithRow, hash: deletedWithRow },
    }),
    declareTable({
      table: proposalSignatures,
      rows: (person) => sql`${proposalSignatures.proposalId} in ${ofPersonsProposals(person)}`,
      erase: "delete the rows",
      columns: { signerName: deletedWithRow, signerEmail: deletedWithRow, contractSha256: deletedWithRow, pdf: deletedWithRow },
    }),
    declareTable({
      table: contractTemplates,
      columns: { name: nothingPersonal("the agency's contract templates"), body: nothingPersonal("the agency's contract text, with placeholders") },
    }),
  ],
});
