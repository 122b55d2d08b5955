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
