import { and, eq, sql } from "drizzle-orm";
import { declareTable, mentionsAddress, nothingPersonal, oneOf, replaceBy } from "~/db/personal-data";
import { declarePersonalData, eraseDeclaredRows } from "~/db/personal-data.server";
import { campaignSendRecipients, campaignSends } from "./send-schema";

const sends = declareTable({
  table: campaignSends,
  // A segment searched for the person's address names them.
  rows: (person) => mentionsAddress(sql`${campaignSends.segment}->>'search'`, person.emails),
  erase: "update the columns",
  columns: {
    segment: replaceBy(sql`${campaignSends.segment} - 'search'`),
    templateName: nothingPersonal("the template's name"),
    status: nothingPersonal("the send's state"),
    createdBy: nothingPersonal("the address of the admin who sent it (staff, whose account is never erased here)"),
  },
});

/** Campaign sends hold the person only as a lead of a send (an id) or in a segment's search; erasure skips their e-mail not sent yet. */
export const campaignsPersonalData = declarePersonalData({
  domain: "campaigns",
  tables: [
    sends,
    declareTable({
      table: campaignSendRecipients,
      rows: (person) => oneOf(campaignSendRecipients.leadId, person.leadIds),
      columns: { status: nothingPersonal("what became of the lead's e-mail") },
    }),
  ],
  async erase(tx, person) {
    await eraseDeclaredRows(tx, sends, person);
    await tx
      .update(campaignSendRecipients)
      .set({ status: "skipped", processedAt: new Date() })
      .where(and(oneOf(campaignSendRecipients.leadId, person.leadIds), eq(campaignSendRecipients.status, "waiting")));
  },
});
