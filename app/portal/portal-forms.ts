import { isRecordId, recordId } from "~/forms/record-id";
import { emailAddress } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { HONEYPOT_FIELD } from "~/request-safety/honeypot";

// The client portal's forms (decision 017: one schema per form, used by the page and its action).

/** /portal: the address a sign-in link goes to. */
export const signInRequestForm = z.object({
  email: emailAddress("Enter your e-mail address"),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

const instant = z.iso.datetime({ offset: true });

function isTimeChoice(value: string): boolean {
  if (value.startsWith("slot:")) return isRecordId(value.slice("slot:".length));
  if (value.startsWith("proposed:")) return instant.safeParse(value.slice("proposed:".length)).success;
  return false;
}

/**
 * Booking a new call, or picking a time for one of the client's bookings: one choice among the
 * offered times (`slot:{id}`) and the times the agency proposed (`proposed:{instant}`).
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
    time.startsWith("slot:") ? { slotId: time.slice("slot:".length), visitorTimeZone: timeZone } : { proposedStart: time.slice("proposed:".length), visitorTimeZone: timeZone },
  );

/** Which of the client's calls a row's action or file is about. */
export const callIdForm = z.object({ callId: recordId("This consultation is not in your portal.") });

/** The client's own invoices and e-mails, by id (a malformed id is simply none of theirs). */
export const invoiceIdForm = z.object({ invoiceId: recordId("This invoice is not in your portal.") });
