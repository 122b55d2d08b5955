import { describe, expect, it } from "vitest";
import { isOverdue, latestDueDateNeedingReminder, reminderDue } from "./invoice-schedule";

const NY = "America/New_York";

describe("overdue at an instant in the business time zone", () => {
  it("is overdue once the due date is before today there, not before", () => {
    const invoice = { status: "sent" as const, dueDate: "2026-03-10" };
    // 03:30 UTC on the 11th is still the 10th in New York (23:30 EDT): due today, not overdue.
    expect(isOverdue(invoice, new Date("2026-03-11T03:30:00Z"), NY)).toBe(false);
    // 04:30 UTC on the 11th is 00:30 on the 11th in New York: overdue.
    expect(isOverdue(invoice, new Date("2026-03-11T04:30:00Z"), NY)).toBe(true);
    // In UTC the same first instant is already the 11th.
    expect(isOverdue(invoice, new Date("2026-03-11T03:30:00Z"), "UTC")).toBe(true);
    // Tokyo is ahead: the 11th starts at 15:00 UTC on the 10th.
    expect(isOverdue(invoice, new Date("2026-03-10T15:30:00Z"), "Asia/Tokyo")).toBe(true);
  });

  it("is never overdue when paid, not sent yet, or without a due date", () => {
    const late = new Date("2027-01-01T12:00:00Z");
    expect(isOverdue({ status: "paid", dueDate: "2026-03-10" }, late, NY)).toBe(false);
    expect(isOverdue({ status: "draft", dueDate: "2026-03-10" }, late, NY)).toBe(false);
    expect(isOverdue({ status: "sent", dueDate: null }, late, NY)).toBe(false);
    expect(isOverdue({ status: "overdue", dueDate: "2026-03-10" }, late, NY)).toBe(true);
  });
});

describe("the reminder schedule", () => {
  const due = "2026-03-20";

  it("sends nothing before three days ahead, then each step on its day", () => {
    expect(reminderDue(due, "2026-03-16", [])).toBeNull();
    expect(reminderDue(due, "2026-03-17", [])).toBe("before_due");
    expect(reminderDue(due, "2026-03-18", ["before_due"])).toBeNull();
    expect(reminderDue(due, "2026-03-20", ["before_due"])).toBe("on_due");
    expect(reminderDue(due, "2026-03-26", ["before_due", "on_due"])).toBeNull();
    expect(reminderDue(due, "2026-03-27", ["before_due", "on_due"])).toBe("after_due");
    expect(reminderDue(due, "2026-04-30", ["before_due", "on_due", "after_due"])).toBeNull();
  });

  it("catches up the step of a day the app was down, and skips a stale earlier one", () => {
    // Down on the due date: the next day the on-due reminder still goes.
    expect(reminderDue(due, "2026-03-21", ["before_due"])).toBe("on_due");
    // Down from before the first reminder until after the due date: only "due today" goes, not "due in 3 days".
    expect(reminderDue(due, "2026-03-22", [])).toBe("on_due");
  });

  it("sends no older step after a later one went out", () => {
    expect(reminderDue(due, "2026-03-21", ["after_due"])).toBeNull();
  });

  it("looks three days ahead for invoices that may need one", () => {
    expect(latestDueDateNeedingReminder("2026-03-17")).toBe("2026-03-20");
  });
});
