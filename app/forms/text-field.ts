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

/** A date field that may be left empty: a real calendar day as yyyy-mm-dd (2026-02-31 is refused), null when empty. */
export function optionalDay(invalid: string) {
  return z
    .union([z.iso.date(invalid), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));
}

/** Whether the text holds a control character (below U+0020, or DEL): never part of a name. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) < 0x20 || text.charCodeAt(index) === 0x7f) return true;
  return false;
}

/** An e-mail address that must be given: trimmed, at most 254 characters, a valid address. */
export function emailAddress(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(254, "Use at most 254 characters").pipe(z.email("Please enter a valid email address"));
}
