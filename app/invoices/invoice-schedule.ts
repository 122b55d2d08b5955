import { addDaysToDate } from "~/availability/slot-time";
import type { InvoiceStatus, ReminderKind } from "./invoice-options";
import { dayIn } from "~/formatting/dates";

// When an invoice is overdue and which reminder it is owed (spec 001 §9, issue 15 §7). Pure:
// the scheduled job, the list, the dashboard's tests and the unit tests read the same rules.

/**
 * Overdue: sent (a draft is not owed until the client has it), not paid, and its due date is
 * before today in the business time zone. Dates are calendar dates (yyyy-MM-dd), so "before
 * today" is a plain comparison once today is known.
 */
export function isOverdue(invoice: { status: InvoiceStatus; dueDate: string | null }, now: Date, timeZone: string): boolean {
  if (invoice.status === "paid" || invoice.status === "draft" || !invoice.dueDate) return false;
  return invoice.dueDate < dayIn(now, timeZone);
}

/** The reminders, in order: a few days before the due date, on it, and a week after it. */
export const REMINDER_SCHEDULE: readonly { kind: ReminderKind; daysFromDue: number }[] = [
  { kind: "before_due", daysFromDue: -3 },
  { kind: "on_due", daysFromDue: 0 },
  { kind: "after_due", daysFromDue: 7 },
];

/**
 * The reminder an invoice is owed today, or null. Only the latest step whose day has come is
 * sent: after the app was down on a reminder's day it is caught up the next time the job runs,
 * but a stale earlier step (e.g. "due in 3 days" once the due date passed) is skipped, not sent late.
 */
export function reminderDue(dueDate: string, today: string, alreadySent: readonly ReminderKind[]): ReminderKind | null {
  let latest: ReminderKind | null = null;
  for (const step of REMINDER_SCHEDULE) {
    if (addDaysToDate(dueDate, step.daysFromDue) <= today) latest = step.kind;
  }
  if (!latest || alreadySent.includes(latest)) return null;
  // A later step already went out (the due date was moved earlier): send nothing older.
  const latestIndex = REMINDER_SCHEDULE.findIndex((step) => step.kind === latest);
  const sentLater = REMINDER_SCHEDULE.slice(latestIndex + 1).some((step) => alreadySent.includes(step.kind));
  return sentLater ? null : latest;
}

/** The earliest due date that may need a reminder today: anything due up to 3 days ahead. */
export function latestDueDateNeedingReminder(today: string): string {
  const earliestOffset = Math.min(...REMINDER_SCHEDULE.map((step) => step.daysFromDue));
  return addDaysToDate(today, -earliestOffset);
}
