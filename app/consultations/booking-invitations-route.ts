import { answerAdminForm } from "~/auth/guard.server";
import { generateSlotsFromRules } from "~/availability/availability.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import type { Route } from "./+types/booking-invitations-route";
import { bookingLink } from "./booking-emails.server";
import { createBookingInvitation } from "./create-booking-invitation.server";
import { deleteBookingInvitation } from "./delete-booking-invitation.server";
import { resendBookingInvitation } from "./resend-booking-invitation.server";
import { generateForInvitationForm, invitationForm, sendInvitationForm } from "./consultation-forms";

/** The spec's toast titles of each intent's failures (its message is the description). */
const INVITATION_FAILURE_TITLES = {
  send: "Failed to send booking invitation",
  resend: "Failed to resend invitation",
  delete: "Failed to delete invitation",
};

/**
 * POST /admin/booking-invitations: send, resend or delete an invitation, from any page that shows
 * the invitation dialog (leads, clients, consultations), and Generate Slots from that dialog when
 * its window has none (the availability domain's generation). It answers the dialog in place
 * (`{ ok: true, toast }`) rather than redirecting, since the page it came from stays.
 */
export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(
    request,
    ({ actor }) => ({
      send: async (form) => {
        const input = parseForm(sendInvitationForm, form);
        const booking = await createBookingInvitation({ actor, leadId: input.leadId || null, clientId: input.clientId ?? null, windowDays: input.windowDays });
        return { ok: true, intent: "send", toast: "Booking invitation sent with your calendar availability!", link: bookingLink(booking.bookingToken) };
      },
      resend: async (form) => {
        await resendBookingInvitation({ actor, bookingId: parseForm(invitationForm, form).bookingId });
        return { ok: true, intent: "resend", toast: "Booking invitation resent successfully" };
      },
      delete: async (form) => {
        await deleteBookingInvitation({ actor, bookingId: parseForm(invitationForm, form).bookingId });
        return { ok: true, intent: "delete", toast: "Booking invitation deleted successfully" };
      },
      "generate-slots": async (form): Promise<FormSuccess> => {
        const { windowDays } = parseForm(generateForInvitationForm, form);
        // The window's dates, today through its last one, as the invitation would offer them.
        const made = await generateSlotsFromRules(actor, windowDays + 1).catch((error: unknown) => {
          if (error instanceof Refusal) throw new Refusal(`Failed to generate slots: ${error.message}`, { status: error.status, code: error.code });
          throw error;
        });
        return made === 0
          ? { ok: true, intent: "generate-slots", toast: "All slots already exist for this period.", toastKind: "info" }
          : { ok: true, intent: "generate-slots", toast: `Generated ${made} available time slots!` };
      },
    }),
    { failureTitles: INVITATION_FAILURE_TITLES },
  );
}
