import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { isRecordId } from "~/forms/record-id";
import { leads } from "~/leads/schema";
import { consultationBookings } from "./schema";

/** `{leadId}-{128 random bits}`: the lead id before the last hyphen (spec), a capability after it (DESIGN.md). */
export function newBookingToken(leadId: string): string {
  return `${leadId}-${randomBytes(16).toString("hex")}`;
}

/** `{lead id}-{32 hex}` (newBookingToken); anything else is not one of our links. */
export function isWellFormedToken(token: string | undefined): token is string {
  if (typeof token !== "string") return false;
  const secretAt = token.lastIndexOf("-");
  return isRecordId(token.slice(0, secretAt)) && /^[0-9a-f]{32}$/.test(token.slice(secretAt + 1));
}

/** Compares a stored token with a given one in constant time. */
export function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The invitation a token opens, with its lead, locked. Looked up by the whole token (unique index)
 * and compared in constant time; a lead id with any other suffix finds nothing.
 */
export async function lockInvitationOfToken(tx: DatabaseExecutor, token: string) {
  const [row] = await tx
    .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.bookingToken, token))
    .for("update", { of: consultationBookings });
  if (!row || !sameToken(row.booking.bookingToken, token)) return null;
  return row;
}
