import type { FieldErrors } from "./form-result";

/**
 * The one way a service says "no" to an expected request: a missing record, a rule that forbids
 * the change, a slot taken meanwhile. Thrown, so a refusal inside a transaction rolls it back and
 * changes nothing; the action boundary (`answerForm`) turns it into the form's refusal with this
 * status. Anything else thrown is a fault, not a refusal, and stays a 500.
 */
export class Refusal extends Error {
  readonly status: 400 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429;
  readonly fieldErrors: FieldErrors;
  /** The toast's title when the spec names the failure ('Failed to delete client'); 'Error' otherwise. */
  readonly title: string | undefined;
  /** A rate limit's refusal (429): how long until it may be tried again, sent as `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { status?: Refusal["status"]; field?: string; title?: string; retryAfterMs?: number } = {}) {
    super(message);
    this.name = "Refusal";
    this.status = options.status ?? 400;
    this.fieldErrors = options.field ? { [options.field]: message } : {};
    this.title = options.title;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A refusal naming the record that is not there (404). */
export function notFound(message: string, options: { title?: string } = {}): Refusal {
  return new Refusal(message, { status: 404, ...options });
}
