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

/**
 * What is wrong with a name (a person's or a business's), or null: a control character, or text a
 * mail program would decode as an RFC 2047 encoded word (`=?UTF-8?B?…?=`) once the name is in a
 * Subject or a To line, turning it into whatever it hides (issue 41). Names never hold either.
 */
export function nameProblem(text: string): string | null {
  if (/[\p{Cc}\u2028\u2029]/u.test(text)) return "Use letters, spaces and punctuation only";
  if (/=\?[\s\S]*\?=/.test(text)) return "Write the name as it reads, without encoded text (=?…?=)";
  return null;
}

/** A name that must be given: trimmed, one line, at most `max` characters, nothing a mail header would decode. */
export function personName(missing: string, max = 120) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Use at most ${max} characters`)
    .superRefine((value, check) => {
      const problem = nameProblem(value);
      if (problem) check.addIssue({ code: "custom", message: problem });
    });
}

/** A name that may be left empty (a business name): as `personName`, null when empty. */
export function optionalName(max: number) {
  return optionalText(max).superRefine((value, check) => {
    const problem = value === null ? null : nameProblem(value);
    if (problem) check.addIssue({ code: "custom", message: problem });
  });
}

/** An e-mail address that must be given: trimmed, at most 254 characters, a valid address (else `invalid`). */
export function emailAddress(missing: string, invalid = "Please enter a valid email address") {
  return z.string({ error: missing }).trim().min(1, missing).max(254, "Use at most 254 characters").pipe(z.email(invalid));
}
