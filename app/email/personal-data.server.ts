import { and, inArray, sql } from "drizzle-orm";
import { addressOneOf, blank, declareTable, deletedWithRow, erasedAddress, mentionsAddress, nothingPersonal, oneOf, replaceBy, type Person } from "~/db/personal-data";
import { declarePersonalData, eraseDeclaredRows } from "~/db/personal-data.server";
import { emailLogs, emailOutbox, emailSuppressions, emailTemplates, emailTemplateVersions } from "./schema";

/** Mail to the person, about them (an agency notification of their inquiry or booking), or naming their address. */
const personsMessages = (person: Person) => sql`${addressOneOf(emailOutbox.toEmail, person.emails)}
  or ${oneOf(emailOutbox.leadId, person.leadIds)} or ${oneOf(emailOutbox.bookingId, person.bookingIds)}
  or ${mentionsAddress(sql`${emailOutbox.subject} || ' ' || ${emailOutbox.text} || ' ' || ${emailOutbox.html} || ' ' || ${emailOutbox.metadata}::text || ' ' || coalesce(${emailOutbox.lastError}, '')`, person.emails)}`;

const personsLogEntries = (person: Person) => sql`${addressOneOf(emailLogs.recipientEmail, person.emails)}
  or ${oneOf(emailLogs.leadId, person.leadIds)}
  or ${emailLogs.outboxId} in (select ${emailOutbox.id} from ${emailOutbox} where ${personsMessages(person)})
  or ${mentionsAddress(sql`coalesce(${emailLogs.subject}, '') || ' ' || coalesce(${emailLogs.error}, '') || ' ' || ${emailLogs.metadata}::text`, person.emails)}`;

const PENDING = sql`${emailOutbox.status} in ('pending', 'sending')`;

const templateText = nothingPersonal("the agency's template text");
const savedBy = nothingPersonal("the address of the admin who saved it (staff, whose account is never erased here)");

const outbox = declareTable({
  table: emailOutbox,
  rows: personsMessages,
  erase: "update the columns",
  columns: {
    toEmail: replaceBy(erasedAddress(emailOutbox.id)),
    toName: blank,
    subject: replaceBy(sql`'(erased)'`),
    html: replaceBy(sql`''`),
    text: replaceBy(sql`''`),
    attachments: replaceBy(sql`'[]'::jsonb`),
    metadata: replaceBy(sql`'{}'::jsonb`),
    // A one-time link to the person, waiting to be put in as the message is sent.
    sealed: blank,
    // A message still waiting is not sent: it says why.
    lastError: replaceBy(sql`case when ${PENDING} then 'Recipient erased' else null end`),
    emailType: nothingPersonal("which kind of e-mail it was"),
    category: nothingPersonal("transactional or marketing"),
    status: nothingPersonal("the delivery's state"),
    dedupeKey: nothingPersonal("the ids of what the message was for"),
  },
});

const log = declareTable({
  table: emailLogs,
  rows: personsLogEntries,
  erase: "update the columns",
  columns: {
    recipientEmail: replaceBy(erasedAddress(emailLogs.id)),
    recipientName: blank,
    subject: blank,
    error: blank,
    metadata: replaceBy(sql`'{}'::jsonb`),
    emailType: nothingPersonal("which kind of e-mail it was"),
    status: nothingPersonal("the attempt's outcome"),
  },
});

const suppressions = declareTable({
  table: emailSuppressions,
  rows: (person) => addressOneOf(emailSuppressions.email, person.emails),
  erase: "delete the rows",
  columns: { email: deletedWithRow, detail: deletedWithRow, reason: nothingPersonal("why an address was suppressed") },
});

/**
 * The e-mail log and the outbox keep that a message of its type was sent and when, but no longer
 * to whom, about whom or what it said; a message still waiting is not sent. The suppression entry
 * goes: with the person's leads and clients erased, no list holds their address to mail.
 */
export const emailPersonalData = declarePersonalData({
  domain: "email",
  tables: [
    outbox,
    log,
    suppressions,
    declareTable({
      table: emailTemplates,
      columns: { key: nothingPersonal("which system e-mail"), name: templateText, subject: templateText, preheader: templateText, bodyText: templateText, bodyHtml: templateText, updatedBy: savedBy },
    }),
    declareTable({
      table: emailTemplateVersions,
      columns: { name: templateText, subject: templateText, preheader: templateText, bodyText: templateText, bodyHtml: templateText, savedBy },
    }),
  ],
  async erase(tx, person) {
    // Found before anything changes: once erased, a message no longer names the person.
    const messageIds = (await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(personsMessages(person))).map((row) => row.id);
    const logIds = (await tx.select({ id: emailLogs.id }).from(emailLogs).where(personsLogEntries(person))).map((row) => row.id);
    if (logIds.length > 0) await eraseDeclaredRows(tx, log, person, inArray(emailLogs.id, logIds));
    if (messageIds.length > 0) {
      await eraseDeclaredRows(tx, outbox, person, inArray(emailOutbox.id, messageIds));
      await tx.update(emailOutbox).set({ status: "failed" }).where(and(inArray(emailOutbox.id, messageIds), PENDING));
    }
    await eraseDeclaredRows(tx, suppressions, person);
  },
});
