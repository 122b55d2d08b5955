import { parseSlotKey } from "~/availability/offered-days";
import { recordId } from "~/forms/record-id";
import { emailAddress } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { HONEYPOT_FIELD } from "~/request-safety/honeypot";

// The client portal's forms (decision 014: one schema per form, used by the page and its action).

/** /portal: the address a sign-in link goes to. */
export const signInRequestForm = z.object({
  email: emailAddress("Enter your e-mail address"),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

const instant = z.iso.datetime({ offset: true });

function isTimeChoice(value: string): boolean {
  if (value.startsWith("slot:")) return parseSlotKey(value.slice("slot:".length)) !== null;
  if (value.startsWith("proposed:")) return instant.safeParse(value.slice("proposed:".length)).success;
  return false;
}

/**
 * Booking a new call, or picking a time for one of the client's bookings: one choice among the
 * offered times (`slot:{key}`, its business-local day and minute: offered-days.ts) and the times
 * the agency proposed (`proposed:{instant}`).
 */
export const bookTimeForm = z
  .object({
    time: z
      .string({ error: "Please select a time." })
      .max(80)
      .refine(isTimeChoice, "Please select a time."),
    timeZone: z.string().max(100).optional(),
  })
  .transform(({ time, timeZone }) =>
    time.startsWith("slot:") ? { slotKey: time.slice("slot:".length), visitorTimeZone: timeZone } : { proposedStart: time.slice("proposed:".length), visitorTimeZone: timeZone },
  );

/** Which of the client's calls a row's action or file is about. */
export const callIdForm = z.object({ callId: recordId("This consultation is not in your portal.") });

/** The client's own invoices and e-mails, by id (a malformed id is simply none of theirs). */
export const invoiceIdForm = z.object({ invoiceId: recordId("This invoice is not in your portal.") });
