import { Refusal } from "~/refusal/refusal";
import { refuseFilledHoneypot } from "./honeypot";
import { networkKeyOf } from "./network-key";
import { consumeRateLimits, describeWait, type RateLimitRule } from "./rate-limit.server";

const HOUR = 60 * 60_000;

/** The public forms that take an e-mail address: the lead forms and the client portal's sign-in. */
export type PublicForm = "promo-claim" | "inquiry" | "contact" | "portal-sign-in";

/**
 * Per visitor (its network: an IPv6 visitor's whole /64, issue 41); per e-mail address from one
 * visitor (so one visitor cannot block an address for everyone, issue 25); per e-mail address from
 * everywhere, with a higher ceiling (a flood for one address from many); and overall (a flood from
 * many addresses).
 */
export const PUBLIC_FORM_LIMITS = {
  perAddress: { limit: 10, windowMs: HOUR },
  perAddressAndEmail: { limit: 5, windowMs: HOUR },
  perEmail: { limit: 20, windowMs: HOUR },
  overall: { limit: 500, windowMs: HOUR },
} as const;

const FOR_THIS_EMAIL = "We have already received several requests for this e-mail address.";

/** Each rule with the sentence its refusal says. Keys naming an e-mail address end with it (erasure finds them so). */
function rulesFor(form: PublicForm, email: string, clientAddress: string): (RateLimitRule & { refusal: string })[] {
  const address = email.toLowerCase();
  const network = networkKeyOf(clientAddress);
  return [
    { key: `${form}:ip:${network}`, ...PUBLIC_FORM_LIMITS.perAddress, refusal: "You have sent several requests in a short time." },
    { key: `${form}:ip+email:${network}:${address}`, ...PUBLIC_FORM_LIMITS.perAddressAndEmail, refusal: FOR_THIS_EMAIL },
    { key: `${form}:email:${address}`, ...PUBLIC_FORM_LIMITS.perEmail, refusal: FOR_THIS_EMAIL },
    { key: `${form}:all`, ...PUBLIC_FORM_LIMITS.overall, refusal: "We are receiving an unusual number of requests right now." },
  ];
}

/**
 * Honeypot first (bots, 400), then the rate limits (429); returns when the submission may go
 * ahead. Counted whatever the address is, so a refusal says nothing about whose address it is.
 */
export async function refuseIfAbusive(
  form: PublicForm,
  input: { email: string; website?: string | undefined },
  submitter: { clientAddress: string; now?: Date },
): Promise<void> {
  refuseFilledHoneypot(input.website);
  const rules = rulesFor(form, input.email, submitter.clientAddress);
  const verdict = await consumeRateLimits(rules, { now: submitter.now });
  if (verdict.allowed) return;
  const refusal = rules.find((rule) => rule.key === verdict.key)?.refusal ?? FOR_THIS_EMAIL;
  throw new Refusal(`${refusal} Please try again ${describeWait(verdict.retryAfterMs)}.`, { status: 429, retryAfterMs: verdict.retryAfterMs });
}
