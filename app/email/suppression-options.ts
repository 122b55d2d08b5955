import type { SuppressionReason } from "./schema";

// What the back-office and the e-mail log say about a suppressed address. Pure: read by pages and services.

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  admin: "Added by admin",
};

/** The log's line for a marketing message that was not sent to a suppressed address. */
export function suppressedMessageNote(reason: SuppressionReason): string {
  switch (reason) {
    case "unsubscribed":
      return "Not sent: the address unsubscribed from marketing e-mail";
    case "bounced":
      return "Not sent: the address's mail server rejected an earlier message permanently";
    case "admin":
      return "Not sent: the address is on the suppression list";
  }
}
