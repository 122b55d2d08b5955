import { listParam, type ListView, listInOneOrder } from "~/lists/list-view";
import type { OutboxStatus } from "./schema";

/**
 * The e-mail log lists outbox messages, one row each, with the status a person reads (decision
 * 020): a pending message that has already been tried is 'retrying'. Pure: used by the list's
 * loader (filters from the URL) and by its badges.
 */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "stored", "retrying", "failed", "suppressed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export function messageStatus(message: { status: OutboxStatus; attempts: number }): MessageStatus {
  if (message.status === "pending") return message.attempts > 0 ? "retrying" : "queued";
  return message.status;
}

export const MESSAGE_STATUS_BADGE: Record<MessageStatus, "default" | "secondary" | "destructive" | "outline" | "success" | "warning"> = {
  queued: "outline",
  sending: "outline",
  sent: "success",
  stored: "secondary",
  retrying: "warning",
  failed: "destructive",
  suppressed: "secondary",
};

/** What each status means, for the badge's title and the detail page. */
export const MESSAGE_STATUS_HELP: Record<MessageStatus, string> = {
  queued: "Waiting for the delivery worker",
  sending: "Being handed to the mail server",
  sent: "Accepted by the mail server",
  stored: "Kept here: no SMTP server is configured",
  retrying: "The mail server did not take it yet; it is tried again with backoff",
  failed: "Given up: the mail server refused it",
  suppressed: "Not sent: the address is on the suppression list",
};

/** Only a message that did not go out can be sent again; a sent one never is (it would arrive twice). */
export function canSendAgain(status: MessageStatus): boolean {
  return status === "failed" || status === "stored";
}

const EMAIL_LOG_FILTERS = {
  /** The recipient's address contains it. */
  q: listParam.search(),
  type: listParam.matching(/^[a-z0-9_]{1,60}$/),
  status: listParam.oneOf(MESSAGE_STATUSES),
};

/** What the log shows, read from the URL (`q`, `type`, `status`, `after` / `before`): newest first, always. */
export const EMAIL_LOG_VIEW = listInOneOrder(EMAIL_LOG_FILTERS, "created", "desc");

export type EmailLogView = ListView<typeof EMAIL_LOG_FILTERS, "created">;

/** A type's words for a person: `booking_confirmation` → "booking confirmation". */
export function emailTypeLabel(type: string): string {
  return type.replaceAll("_", " ");
}
