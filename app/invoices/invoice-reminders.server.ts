import { payNowLink } from "./client-card-payments.server";
import { and, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { dayIn, formatDay } from "~/formatting/dates";
import type { ReminderKind } from "./invoice-options";
import { agencyForInvoices } from "./invoice-pdf.server";
import { latestDueDateNeedingReminder, reminderDue } from "./invoice-schedule";
import { invoiceLink } from "./invoice-link.server";
import { invoiceEmailVariables } from "./invoice-email.server";
import { findInvoiceDetail } from "./invoice-detail.server";
import { invoiceReminders, invoices } from "./schema";

/**
 * Marks sent invoices overdue once their due date is before today in the business time zone.
 * One UPDATE: safe with several processes (row locks), and a restart simply catches up.
 */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  const { timeZone } = await agencyForInvoices();
  const today = dayIn(now, timeZone);
  const marked = await db()
    .update(invoices)
    .set({ status: "overdue", updatedAt: now })
    .where(and(eq(invoices.status, "sent"), isNotNull(invoices.dueDate), lt(invoices.dueDate, today)))
    .returning({ id: invoices.id });
  return marked.length;
}

function dueWhen(kind: ReminderKind, dueDate: string): string {
  if (kind === "before_due") return `is due on ${formatDay(dueDate)}`;
  if (kind === "on_due") return "is due today";
  return "is past due";
}

/**
 * Sends each reminder an invoice is owed (invoice-schedule.ts) exactly once: the (invoice, kind)
 * row is claimed with INSERT … ON CONFLICT DO NOTHING in the transaction that queues the e-mail,
 * so a second worker, a crash or a restart finds it taken and sends nothing.
 */
export async function sendInvoiceReminders(now = new Date()): Promise<number> {
  const agency = await agencyForInvoices();
  const today = dayIn(now, agency.timeZone);
  const candidates = await db()
    .select({ id: invoices.id, dueDate: invoices.dueDate })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        inArray(invoices.status, ["sent", "overdue"]),
        isNotNull(invoices.sentAt),
        isNotNull(invoices.viewToken),
        lte(invoices.dueDate, latestDueDateNeedingReminder(today)),
        sql`${invoices.totalCents} > coalesce((select sum(amount_cents) from invoice_payments p where p.invoice_id = ${invoices.id}), 0)`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const candidate of candidates) {
    if (!candidate.dueDate) continue;
    const already = await db().select({ kind: invoiceReminders.kind }).from(invoiceReminders).where(eq(invoiceReminders.invoiceId, candidate.id));
    const kind = reminderDue(candidate.dueDate, today, already.map((row) => row.kind));
    if (!kind) continue;
    const queued = await db().transaction(async (tx) => {
      // Locked and read again: a payment recorded since the candidates were listed (it locks the
      // invoice too) means no reminder, and the reminder is not claimed.
      await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, candidate.id)).for("update");
      const detail = await findInvoiceDetail(candidate.id, tx);
      if (!detail?.invoice.viewToken || !["sent", "overdue"].includes(detail.invoice.status) || detail.money.balanceCents <= 0) return false;
      const claimed = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: candidate.id, kind, dueDate: candidate.dueDate ?? today, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: invoiceReminders.id });
      if (claimed.length === 0) return false;
      await enqueueTemplatedEmail(tx, {
        templateKey: "invoice_reminder",
        to: detail.client.email,
        toName: detail.client.name,
        emailType: "invoice_reminder",
        leadId: detail.client.leadId,
        dedupeKey: `invoice-reminder:${candidate.id}:${kind}`,
        portalLink: agency.portalLink,
        payNowLink: payNowLink({ status: detail.invoice.status, balanceCents: detail.money.balanceCents }, invoiceLink(detail.invoice.viewToken)),
        metadata: { invoiceId: candidate.id, invoiceNumber: detail.invoice.invoiceNumber, reminder: kind },
        variables: {
          ...invoiceEmailVariables(detail, agency, invoiceLink(detail.invoice.viewToken)),
          DueWhen: dueWhen(kind, candidate.dueDate ?? today),
        },
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** The worker's invoice turn: overdue marks first (so a reminder reads the new status), then reminders. */
export async function runInvoiceUpkeep(now = new Date()): Promise<{ overdue: number; reminders: number }> {
  const overdue = await markOverdueInvoices(now);
  const reminders = await sendInvoiceReminders(now);
  return { overdue, reminders };
}
