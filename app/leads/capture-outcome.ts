import type { FormResult } from "~/forms/form-result";
import { REPLY_WITHIN, REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";

/**
 * What the public forms answer (the one `FormResult` shape), as the browser sees it: JSON from
 * the form endpoints, or action data when the page posted without JavaScript. Pure.
 */

/** A claimed $99 code, as the packages page shows it. */
export type ClaimedPromo = { code: string; email: string; expiresOn: string; alreadyClaimed: boolean };

export type PromoClaimResult = FormResult<ClaimedPromo>;

/** The contact page's success, both its toast (with JavaScript) and its note on the page (without). */
/** The inquiry's success (spec 000: the inquiry dialog's toast), also carried to the thank-you page. */
export const INQUIRY_SENT = {
  title: "Thank you!",
  text: `We'll get back to you within ${REPLY_WITHIN}. Check your email!`,
} as const;

export const CONTACT_SENT = {
  title: "Message Sent!",
  text: `We'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}. Check your email!`,
} as const;

/** Answered (500) when saving failed; the form keeps what was typed. */
export const SERVER_FAILURE_MESSAGE = "Something went wrong on our side and nothing was saved. Please try again in a moment.";
