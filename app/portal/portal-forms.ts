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

/** Which of the client's calls a row's action or file is about. */
export const callIdForm = z.object({ callId: recordId("This consultation is not in your portal.") });

/** The client's own invoices and e-mails, by id (a malformed id is simply none of theirs). */
export const invoiceIdForm = z.object({ invoiceId: recordId("This invoice is not in your portal.") });
