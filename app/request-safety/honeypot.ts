import { Refusal } from "~/refusal/refusal";

/**
 * The honeypot: a field people never see (`HoneypotField`), named like a real one so bots fill it
 * in. A submission that filled it is refused (400) before anything else is checked or saved.
 */
export const HONEYPOT_FIELD = "website";

export const HONEYPOT_REFUSAL =
  "This submission looked automated, so it was not sent. If you are a person, please reload the page and try again.";

/** Throws the honeypot's refusal when the hidden field came back filled in. */
export function refuseFilledHoneypot(value: string | null | undefined): void {
  if (value && value.trim() !== "") throw new Refusal(HONEYPOT_REFUSAL, { status: 400 });
}
