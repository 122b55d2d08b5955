import type { z } from "zod";

/** The one way a form is checked, in the browser and again in the action. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

export function formValues(input: FormData | Record<string, unknown>): Record<string, string> {
  const entries = input instanceof FormData ? [...input.entries()] : Object.entries(input);
  const values: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

export function checkForm<S extends z.ZodType>(schema: S, input: FormData | Record<string, unknown>): FormCheck<z.infer<S>> {
  const values = formValues(input);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}
