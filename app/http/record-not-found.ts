import { data, isRouteErrorResponse } from "react-router";

/**
 * The one answer of a loader to a record that is not there (a deleted lead, a mistyped or revoked
 * link): a 404 naming what was not found and where to go instead. The nearest error boundary shows
 * it: inside the back-office's shell for admin pages, the site's not-found page for public ones.
 * An action says the same with a `Refusal` of status 404 (`notFound` in app/forms/refusal.ts).
 */
export type RecordNotFound = { notFound: string; back?: { href: string; label: string } };

export function recordNotFound(message: string, back?: RecordNotFound["back"]): never {
  throw data<RecordNotFound>({ notFound: message, ...(back ? { back } : {}) }, { status: 404 });
}

/** The record, or the 404 above when there is none. */
export function requireRecord<T>(record: T | null | undefined, message: string, back?: RecordNotFound["back"]): T {
  if (record === null || record === undefined) recordNotFound(message, back);
  return record;
}

/** What a boundary caught, when it is the answer above. */
export function caughtRecordNotFound(error: unknown): RecordNotFound | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const body: unknown = error.data;
  if (typeof body === "object" && body !== null && "notFound" in body && typeof body.notFound === "string") return body as RecordNotFound;
  return { notFound: "This page could not be found." };
}
