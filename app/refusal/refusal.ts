/** A form's errors by field name: what a refusal names, and what the form shows beside each field. */
export type FieldErrors = Partial<Record<string, string>>;

export type RefusalStatus = 400 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429;

/** The code a refusal has when its service names none more precise: what kind of "no" it is. */
const CODE_OF_STATUS: Record<RefusalStatus, string> = {
  400: "invalid",
  403: "forbidden",
  404: "not-found",
  408: "timed-out",
  409: "conflict",
  410: "gone",
  413: "too-large",
  415: "unsupported-type",
  429: "rate-limited",
};

/**
 * The one way a service says "no" to an expected request: a missing record, a rule that forbids
 * the change, a slot taken meanwhile. Thrown, so a refusal inside a transaction rolls it back and
 * changes nothing; the action boundary (`answerForm`) turns it into the form's refusal with this
 * status. Anything else thrown is a fault, not a refusal, and stays a 500.
 *
 * `code` is for a caller that must tell one refusal from another (decision 048): its status's
 * general code ("not-found", "too-large") or one the service names ("client.invoices-kept",
 * "booking.slot-taken"). No caller reads the message's words: they are for the person.
 */
export class Refusal extends Error {
  readonly status: RefusalStatus;
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  /** The toast's title when the spec names the failure ('Failed to delete client'); 'Error' otherwise. */
  readonly title: string | undefined;
  /** A rate limit's refusal (429): how long until it may be tried again, sent as `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { status?: RefusalStatus; code?: string; field?: string; title?: string; retryAfterMs?: number } = {}) {
    super(message);
    this.name = "Refusal";
    this.status = options.status ?? 400;
    this.code = options.code ?? CODE_OF_STATUS[this.status];
    this.fieldErrors = options.field ? { [options.field]: message } : {};
    this.title = options.title;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A refusal naming the record that is not there (404, "not-found"). */
export function notFound(message: string, options: { title?: string; code?: string } = {}): Refusal {
  return new Refusal(message, { status: 404, ...options });
}
