import type { FieldErrors } from "~/forms/form-result";

/**
 * What a public form's submission came to, as the browser sees it (JSON from the
 * form endpoints, or action data when the page posted without JavaScript). Pure types.
 */
export type SubmissionRefused =
  | { ok: false; fieldErrors: FieldErrors; error?: undefined; values?: Record<string, string> }
  | { ok: false; error: string; fieldErrors?: undefined; values?: Record<string, string> };

export type SubmissionOutcome = { ok: true } | SubmissionRefused;

export type PromoClaimOutcome =
  | { ok: true; code: string; email: string; expiresOn: string; alreadyClaimed: boolean }
  | SubmissionRefused;

/** Shown when the server could not be reached or failed; the form keeps what was typed. */
export const UNREACHABLE_MESSAGE = "We could not reach our server. Please check your connection and try again.";
export const SERVER_FAILURE_MESSAGE = "Something went wrong on our side and nothing was saved. Please try again in a moment.";
