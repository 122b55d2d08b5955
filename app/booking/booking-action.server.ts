import { z } from "~/forms/zod";
import { bookSlot } from "~/consultations/book-slot.server";
import { cancelByVisitor } from "~/consultations/cancel-by-visitor.server";
import { INVALID_LINK, SLOT_TAKEN } from "~/consultations/booking-status";
import { timeChoiceFields, toTimeChoice } from "./time-choice";
import { answerForm } from "~/forms/form-action.server";
import { checkForm } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import { BOOKING_FAILURES } from "./booking-failures";
import { bookingPageCache } from "./booking-page-cache.server";
import { limitBookingActions } from "./booking-rate-limit.server";

/**
 * The booking page's action: rate-limited per address and link, then one consultations service
 * per intent. Success answers the page in place (`{ ok: true, intent, toast }`); every refusal is
 * a form message worded 'Failed to book: …', as the spec has the visitor read it.
 */
/**
 * What the visitor may post: a time chosen in the one booking picker (an offered one by its slot
 * key, or a proposed instant; time-choice.ts), or cancelling it. A value that names no time
 * (altered) is answered as a time no longer available.
 */
const bookForm = z
  .object({
    ...timeChoiceFields,
    // Honeypot: a field people never see; bots fill it.
    website: z.literal("", BOOKING_FAILURES.noAnswer).optional(),
  })
  .transform(toTimeChoice);

/** The spec's wording of every refusal the visitor reads on this page. */
async function asVisitorSees(work: () => Promise<object>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal(`Failed to book: ${error.message || "Please try again"}`, { status: error.status, code: error.code });
    throw error;
  }
}

/**
 * A fault (nothing was saved) is answered with the spec's fallback in the same words, so the
 * visitor keeps the page and their choice instead of an error page.
 */
const FAULT_MESSAGES = {
  book: `Failed to book: ${BOOKING_FAILURES.confirm}`,
  cancel: "Your consultation could not be cancelled. Please try again.",
};

/** The booking form's fields; a field refusal is worded like the service's (one message, toasted). */
function parseFormOrRefuse(form: FormData) {
  const checked = checkForm(bookForm, form);
  if (!checked.ok) throw new Refusal(Object.values(checked.fieldErrors)[0] ?? SLOT_TAKEN);
  return checked.data;
}

export async function answerBookingAction(request: Request, token: string, clientAddress: string) {
  const answered = async (intent: "book" | "cancel", toast: string) => {
    // The page revalidates right after this answer: make sure this process has heard of the change
    // (it has on the embedded database; on a server database the notification comes a moment later).
    await bookingPageCache().caughtUp();
    return { ok: true as const, intent, toast };
  };
  const guarded = (work: (form: FormData) => Promise<object>) => (form: FormData) =>
    asVisitorSees(async () => {
      if (!token) throw new Refusal(INVALID_LINK, { status: 404 });
      await limitBookingActions(clientAddress, token);
      return work(form);
    });
  return answerForm(request, {
    book: guarded(async (form) => {
      const input = parseFormOrRefuse(form);
      await bookSlot({ token, ...input });
      return answered("book", "Consultation booked successfully! You'll receive a confirmation email shortly.");
    }),
    cancel: guarded(async () => {
      await cancelByVisitor({ token });
      return answered("cancel", "Your consultation was cancelled.");
    }),
  }, { faultMessages: FAULT_MESSAGES });
}

