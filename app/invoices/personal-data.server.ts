import { sql } from "drizzle-orm";
import { blank, declareTable, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { cardCheckoutSessions, paymentProviderEvents } from "./schema";
import { invoiceLineItems, invoicePayments, invoiceReminders, invoices } from "./schema";

const personsInvoices = (person: Person) => oneOf(invoices.clientId, person.clientIds);
const ofPersonsInvoices = (person: Person) => sql`(select ${invoices.id} from ${invoices} where ${personsInvoices(person)})`;

/**
 * Invoices keep their numbers, lines and totals (bookkeeping law); the person's name on them is the
 * client's, replaced there. Notes go, and the client's link to the invoice is revoked: the old link
 * answers 404.
 */
export const invoicesPersonalData = declarePersonalData({
  domain: "invoices",
  tables: [
    declareTable({
      table: invoices,
      rows: personsInvoices,
      erase: "update the columns",
      columns: {
        notes: blank,
        viewToken: blank,
        invoiceNumber: nothingPersonal("the invoice's number, kept for the books"),
        tier: nothingPersonal("the package billed"),
        status: nothingPersonal("the invoice's state"),
        paymentMethod: nothingPersonal("how it was paid, kept for the books"),
        promoCode: nothingPersonal("a random code applied, kept for the books"),
      },
    }),
    declareTable({
      table: invoiceLineItems,
      rows: (person) => sql`${invoiceLineItems.invoiceId} in ${ofPersonsInvoices(person)}`,
      columns: {
        description: nothingPersonal("what was sold, kept for the books"),
        itemType: nothingPersonal("the kind of line"),
      },
    }),
    declareTable({
      table: invoicePayments,
      rows: (person) => sql`${invoicePayments.invoiceId} in ${ofPersonsInvoices(person)}`,
      erase: "update the columns",
      columns: {
        note: blank,
        method: nothingPersonal("how it was paid, kept for the books"),
        recordedBy: nothingPersonal("the admin account that recorded it, by its random id"),
        providerPaymentId: nothingPersonal("Stripe's id of the card payment, kept for the books"),
      },
    }),
    declareTable({
      table: cardCheckoutSessions,
      rows: (person) => sql`${cardCheckoutSessions.invoiceId} in ${ofPersonsInvoices(person)}`,
      columns: {
        sessionId: nothingPersonal("Stripe's id of the checkout session"),
        currency: nothingPersonal("the currency"),
        returnsTo: nothingPersonal("which page the client paid from"),
        idempotencyKey: nothingPersonal("the invoice's id, the amount and the attempt"),
      },
    }),
    declareTable({
      table: paymentProviderEvents,
      columns: {
        provider: nothingPersonal("the payment provider"),
        eventId: nothingPersonal("the provider's id of the event"),
        type: nothingPersonal("the event's type"),
        outcome: nothingPersonal("what handling it did"),
        detail: nothingPersonal("why, in ids and amounts"),
      },
    }),
    declareTable({
      table: invoiceReminders,
      rows: (person) => sql`${invoiceReminders.invoiceId} in ${ofPersonsInvoices(person)}`,
      columns: { kind: nothingPersonal("which reminder was sent") },
    }),
  ],
});
