// How soon the agency answers a visitor (spec 000 §1 and §9: "within 24-48 hours", in business
// hours on the contact and thank-you pages). No setting governs it and nothing in the product acts
// on it, so it is one value here that every page, toast and shipped e-mail that makes the promise
// states: changed here, it changes everywhere at once (decision 046). Pure.

const REPLY_HOURS = "24-48";

/** "24-48 hours": the inquiry's promise. */
export const REPLY_WITHIN = `${REPLY_HOURS} hours`;

/** "24-48 business hours": the contact page's and the thank-you page's. */
export const REPLY_WITHIN_BUSINESS_HOURS = `${REPLY_HOURS} business hours`;
