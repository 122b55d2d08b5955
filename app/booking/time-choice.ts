import { parseSlotKey } from "~/availability/offered-days";
import { SLOT_TAKEN } from "~/consultations/booking-status";
import { validTimeZone } from "~/formatting/time-zones";
import { z } from "~/forms/zod";

/**
 * The one booking picker's form (time-picker.tsx), read by every page that books a call: the booking
 * page and the client portal's. One choice among the offered times (`slot:{key}`, the business-local
 * day and minute: offered-days.ts) and the times the agency proposed (`proposed:{instant}`), one
 * group of radio buttons; and the zone the person saw them in, which their e-mails are written in.
 */
export const NO_TIME_CHOSEN = "Please select a time.";

const instant = z.iso.datetime({ offset: true });

function isTimeChoice(value: string): boolean {
  if (value.startsWith("slot:")) return parseSlotKey(value.slice("slot:".length)) !== null;
  if (value.startsWith("proposed:")) return instant.safeParse(value.slice("proposed:".length)).success;
  return false;
}

export type TimeChoice = { slotKey?: string; proposedStart?: string; visitorTimeZone?: string };

export const timeChoiceFields = {
  // No choice is a question to the visitor; a value that names no time (altered) is a time no longer there.
  time: z.string({ error: NO_TIME_CHOSEN }).min(1, NO_TIME_CHOSEN).max(80, SLOT_TAKEN).refine(isTimeChoice, SLOT_TAKEN),
  timeZone: z.string().max(100).optional(),
};

export function toTimeChoice({ time, timeZone }: { time: string; timeZone?: string }): TimeChoice {
  const visitorTimeZone = validTimeZone(timeZone);
  return time.startsWith("slot:") ? { slotKey: time.slice("slot:".length), visitorTimeZone } : { proposedStart: time.slice("proposed:".length), visitorTimeZone };
}

export const timeChoiceForm = z.object(timeChoiceFields).transform(toTimeChoice);
