import { z } from "zod";
import { requireAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/booking-invitations-route";
import { bookingLink } from "./booking-emails.server";
import { BookingError, createBookingInvitation, deleteBookingInvitation, INVITATION_WINDOWS, resendBookingInvitation } from "./bookings.server";

/** POST /admin/booking-invitations: send, resend or delete an invitation; answers the dialog's fetcher. */
export type InvitationActionResult = { ok: true; message: string; link?: string } | { ok: false; error: string };

const invitationForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send"),
    leadId: z.uuid().optional(),
    clientId: z.uuid().optional(),
    windowDays: z.coerce.number().refine((days) => (INVITATION_WINDOWS as readonly number[]).includes(days), "Choose 7, 14, 21 or 30 days"),
  }),
  z.object({ intent: z.literal("resend"), bookingId: z.uuid() }),
  z.object({ intent: z.literal("delete"), bookingId: z.uuid() }),
]);

export async function action({ request }: Route.ActionArgs): Promise<InvitationActionResult> {
  await requireAdmin(request);
  const parsed = invitationForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to send booking invitation" };
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "send": {
        const booking = await createBookingInvitation({ leadId: input.leadId, windowDays: input.windowDays, clientId: input.clientId });
        return { ok: true, message: "Booking invitation sent with your calendar availability!", link: bookingLink(booking.bookingToken) };
      }
      case "resend":
        await resendBookingInvitation(input.bookingId);
        return { ok: true, message: "Booking invitation resent successfully" };
      case "delete":
        await deleteBookingInvitation(input.bookingId);
        return { ok: true, message: "Booking invitation deleted successfully" };
    }
  } catch (error) {
    if (error instanceof BookingError) return { ok: false, error: error.message };
    throw error;
  }
}
