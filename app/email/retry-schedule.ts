/**
 * When to try a message again after a temporary failure (SMTP unreachable, 4xx answer):
 * doubling from 5 seconds, capped at 5 minutes, never giving up; an outage only delays mail.
 */
export const FIRST_RETRY_DELAY_MS = 5_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(exponent, 20));
}

/** SMTP 5xx answers are permanent rejections (unknown mailbox, refused content): retrying cannot help. */
export function isPermanentRejection(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * A permanent rejection of the recipient itself (at RCPT TO, or of the message at DATA): the
 * address is suppressed. A 5xx on our own side (AUTH, MAIL FROM) says nothing about the recipient.
 */
export function isRecipientRejection(error: unknown): boolean {
  if (!isPermanentRejection(error)) return false;
  const command = (error as { command?: unknown }).command;
  return command === "RCPT TO" || command === "DATA";
}
