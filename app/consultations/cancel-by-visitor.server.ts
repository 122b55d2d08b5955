import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { LEAD_NOT_FOUND, visitorMayChange } from "./booking-status";
import { cancelBookingInTransaction } from "./cancel-booking.server";
import { isWellFormedToken, lockInvitationOfToken } from "./invitation-token.server";
import type { ConsultationBooking } from "./schema";

export type CancelByVisitorOptions = {
  token: string;
  now?: Date;
};

/** The visitor cancels their booked time, until the cut-off. */
export async function cancelByVisitor({ token, now = new Date() }: CancelByVisitorOptions): Promise<ConsultationBooking> {
  if (!isWellFormedToken(token)) throw notFound(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const row = await lockInvitationOfToken(tx, token);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    if (!row.booking.selectedStart) throw new Refusal("There is no booked time to cancel.", { status: 409 });
    if (!visitorMayChange(row.booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
      throw new Refusal(
        `Your consultation can no longer be cancelled online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`,
        { status: 409 },
      );
    }
    return cancelBookingInTransaction(tx, { bookingId: row.booking.id, settings, now });
  });
}
