import { z } from "./zod";

/** A text field that may be left empty: trimmed, at most `max` characters, and null when empty. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));
}

/** An e-mail address that must be given: trimmed, at most 254 characters, a valid address. */
export function emailAddress(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(254, "Use at most 254 characters").pipe(z.email("Please enter a valid email address"));
}
