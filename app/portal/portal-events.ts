/**
 * What a client did in the portal, as the client's page in the back-office lists it. Pure: the
 * table's values and the words the agency reads.
 */
export const PORTAL_EVENT_KINDS = [
  "signed_in",
  "opened_invoice",
  "downloaded_invoice",
  "opened_email",
  "downloaded_calendar_file",
  "booked_consultation",
  "rescheduled_consultation",
  "cancelled_consultation",
  "updated_details",
] as const;
export type PortalEventKind = (typeof PORTAL_EVENT_KINDS)[number];

const WORDS: Record<PortalEventKind, string> = {
  signed_in: "Signed in",
  opened_invoice: "Opened invoice",
  downloaded_invoice: "Downloaded the PDF of invoice",
  opened_email: "Read the e-mail",
  downloaded_calendar_file: "Added a call to their calendar",
  booked_consultation: "Booked a consultation",
  rescheduled_consultation: "Rescheduled a consultation",
  cancelled_consultation: "Cancelled a consultation",
  updated_details: "Corrected their details",
};

/** "Opened invoice INV-1001", "Read the e-mail “Your invoice”". */
export function describePortalEvent(event: { kind: PortalEventKind; label: string | null }): string {
  const words = WORDS[event.kind];
  if (!event.label) return words;
  return event.kind === "opened_email" ? `${words} “${event.label}”` : `${words} ${event.label}`;
}
