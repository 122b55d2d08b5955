import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { notFound } from "~/refusal/refusal";
import { bookInvitation, type BookingTimeChoice } from "./book-invitation.server";
import { LEAD_NOT_FOUND } from "./booking-status";
import { isWellFormedToken, lockInvitationOfToken } from "./invitation-token.server";
import type { ConsultationBooking } from "./schema";

export type BookSlotOptions = BookingTimeChoice & {
  /** The invitation's capability link. */
  token: string;
  now?: Date;
};

/**
 * The visitor books (or re-books) a time on their invitation's page: one transaction locks the
 * invitation, moves it to the new slot and e-mails both sides (bookInvitation); a refusal rolls all of it back.
 */
export async function bookSlot({ token, now = new Date(), ...choice }: BookSlotOptions): Promise<ConsultationBooking> {
  if (!isWellFormedToken(token)) throw notFound(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const invitation = await lockInvitationOfToken(tx, token);
    if (!invitation) throw notFound(LEAD_NOT_FOUND);
    return bookInvitation(tx, { invitation, choice, settings, now });
  });
}
