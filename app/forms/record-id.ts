import { z } from "./zod";

/**
 * The one id parser: every record of the product is keyed by a UUID. A form's id field is
 * `recordId("Lead not found")` (a malformed id is refused with that message, a 400, never a
 * database error); a route's id parameter is read with `recordIdParam`, where a malformed id is
 * simply no record.
 */
export function recordId(message: string) {
  return z.uuid(message);
}

const anyRecordId = z.uuid();

export function isRecordId(value: unknown): value is string {
  return anyRecordId.safeParse(value).success;
}

/** A route parameter as an id, or null when it cannot be one (the loader then answers not found). */
export function recordIdParam(value: string | undefined): string | null {
  return isRecordId(value) ? value : null;
}
