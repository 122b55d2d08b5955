import { sql } from "drizzle-orm";
import { addKnownAddress, addressOneOf, blank, contactOnOwnRecord, declareTable, nothingPersonal, oneOf, replaceBy } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { leads, leadTimelineEvents } from "./schema";


/** The keys of a timeline event's details that may carry what a person typed or is called. */
const TYPED_DETAIL_KEYS = ["note", "text", "message", "to", "name", "email", "phone", "subject"];

/**
 * Leads: who asked (name, e-mail, phone, message) is replaced; the lead stays, with its status,
 * source, tier and dates, so counts and reports still add up. Its history keeps what happened and
 * when, without what was typed.
 */
export const leadsPersonalData = declarePersonalData({
  domain: "leads",
  tables: [
    declareTable({
      table: leads,
      rows: (person) => sql`${oneOf(leads.id, person.leadIds)} or ${addressOneOf(leads.email, person.emails)}`,
      erase: "update the columns",
      columns: {
        ...contactOnOwnRecord(leads.id),
        message: blank,
        businessType: nothingPersonal("a choice from the list of business types"),
        industry: nothingPersonal("a choice from the list of industries"),
        tier: nothingPersonal("the package asked about"),
        source: nothingPersonal("which form or import made the lead"),
        status: nothingPersonal("where the lead stands"),
        promoCode: nothingPersonal("a random code; kept so an invoice that applied it still adds up"),
        promoStatus: nothingPersonal("the code's state"),
        tags: nothingPersonal("the agency's labels from its list"),
        bookingStatus: nothingPersonal("the invitation's state"),
        submissionKey: nothingPersonal("a random one-time key of the form"),
      },
    }),
    declareTable({
      table: leadTimelineEvents,
      rows: (person) => oneOf(leadTimelineEvents.leadId, person.leadIds),
      erase: "update the columns",
      columns: {
        event: nothingPersonal("what happened"),
        data: replaceBy(sql`(${leadTimelineEvents.data} - ${sql.param(TYPED_DETAIL_KEYS)}::text[]) || '{"erased": true}'::jsonb`),
        actorUserId: nothingPersonal("the admin account that acted, by its random id"),
      },
    }),
  ],
  async identify(executor, person) {
    const rows = await executor
      .select({ id: leads.id, email: leads.email })
      .from(leads)
      .where(sql`${oneOf(leads.id, person.leadIds)} or ${addressOneOf(leads.email, person.emails)}`);
    for (const row of rows) {
      person.leadIds.add(row.id);
      addKnownAddress(person, row.email);
    }
  },
});
