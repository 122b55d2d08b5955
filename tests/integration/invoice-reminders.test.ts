import { testActor } from "../support/actors";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addClient } from "~/clients/add-client.server";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { recordPayment } from "~/invoices/record-payment.server";
import { markOverdueInvoices, sendInvoiceReminders } from "~/invoices/invoice-reminders.server";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { invoiceReminders, invoices } from "~/invoices/schema";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

/** A sent $199 invoice due on `dueDate` (business zone America/New_York, the seed's). */
async function sentInvoiceDue(dueDate: string, email = "hello@mesaverde.test") {
  const { invoice } = await addClient({ actor: testActor(), input: { name: "Mesa Verde Catering", email, phone: null, tier: "1", notes: null } });
  await db().update(invoices).set({ dueDate }).where(eq(invoices.id, invoice.id));
  await sendInvoice({ actor: testActor(), invoiceId: invoice.id, now: new Date("2026-03-01T15:00:00Z") });
  return invoice;
}

const reminderMails = () => db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice_reminder"));

describe("overdue", () => {
  it("marks a sent invoice overdue once its due date is before today in the business zone", async () => {
    const invoice = await sentInvoiceDue("2026-03-10");
    // 23:30 on the 10th in New York (03:30 UTC on the 11th): not yet.
    expect(await markOverdueInvoices(new Date("2026-03-11T03:30:00Z"))).toBe(0);
    expect(await markOverdueInvoices(new Date("2026-03-11T04:30:00Z"))).toBe(1);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after?.status).toBe("overdue");
    expect(await markOverdueInvoices(new Date("2026-03-12T04:30:00Z"))).toBe(0);
  });
});

describe("reminders", () => {
  it("sends each reminder once, even with two workers running at the same moment", async () => {
    const invoice = await sentInvoiceDue("2026-03-20");
    const threeDaysBefore = new Date("2026-03-17T14:00:00Z");
    const counts = await Promise.all([sendInvoiceReminders(threeDaysBefore), sendInvoiceReminders(threeDaysBefore)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await sendInvoiceReminders(new Date("2026-03-18T14:00:00Z"))).toBe(0);
    const onDue = new Date("2026-03-20T14:00:00Z");
    const again = await Promise.all([sendInvoiceReminders(onDue), sendInvoiceReminders(onDue)]);
    expect(again[0] + again[1]).toBe(1);
    const mails = await reminderMails();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Reminder: invoice ${invoice.invoiceNumber} is due on Mar 20, 2026`,
      `Reminder: invoice ${invoice.invoiceNumber} is due today`,
    ]);
    expect(mails[0]?.text).toContain("/invoice/");
  });

  it("catches up the day the app was down, skipping the stale earlier step", async () => {
    const invoice = await sentInvoiceDue("2026-03-20");
    // Down from the 16th to the 22nd: one reminder, the due-date one, not "due in 3 days".
    expect(await sendInvoiceReminders(new Date("2026-03-22T14:00:00Z"))).toBe(1);
    const kinds = await db().select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(kinds.map((row) => row.kind)).toEqual(["on_due"]);
    expect(await sendInvoiceReminders(new Date("2026-03-27T14:00:00Z"))).toBe(1);
  });

  it("sends nothing for a paid invoice", async () => {
    const invoice = await sentInvoiceDue("2026-03-20");
    await recordPayment({ actor: testActor(), invoiceId: invoice.id, input: { amount: 19_900, paidOn: "2026-03-15", method: "cash", note: null } });
    expect(await sendInvoiceReminders(new Date("2026-03-20T14:00:00Z"))).toBe(0);
    expect(await reminderMails()).toHaveLength(0);
  });
});
