import { reopenOrphanedSlots } from "./booked-slots.server";
import { sendDueReminders } from "./send-due-reminders.server";

/** The worker's booking turn: 24-hour reminders (deduplicated per booking and time), and slots no booking holds reopened. */
export async function runBookingUpkeep(now = new Date()): Promise<{ reminders: number; reopened: number }> {
  const reminders = await sendDueReminders({ now });
  const reopened = await reopenOrphanedSlots();
  return { reminders, reopened };
}
