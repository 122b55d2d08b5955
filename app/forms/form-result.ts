import type { z } from "~/forms/zod";

/**
 * The one form pattern (docs/decisions/014-one-form-pattern.md), its shared half: the shape every
 * action answers with and the check that the browser and the action run with the same zod schema.
 * Pure: imported by components and by actions alike.
 */
import type { FieldErrors } from "~/refusal/refusal";

/** A refused submission: what was wrong with each field, what was typed, and an optional message for the whole form. */
export type FormRefusal = {
  ok: false;
  /** The intent that was refused, so two forms posting to one route never show each other's errors. */
  intent?: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  formError?: string;
  /** The title of the form message's toast, when the spec names the failure; 'Error' otherwise. */
  formErrorTitle?: string;
};

/**
 * A submission that succeeded without leaving the page. Most successes redirect instead, carrying
 * their toast in the flash cookie (`redirectWithToast`); a form that stays (the public forms, the
 * booking page) answers this, with its toast and whatever the page shows next.
 */
export type FormSuccess<T extends object = object> = {
  ok: true;
  intent?: string;
  toast?: string;
  toastDescription?: string;
  /** A success that is news rather than a change ('All slots already exist for this period.'): an info toast. */
  toastKind?: "info";
} & T;

export type FormResult<T extends object = object> = FormSuccess<T> | FormRefusal;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Field names that never come back to the browser with a refusal. */
const NOT_ECHOED = new Set(["website", "intent", "returnTo"]);

export function formValues(input: FormData | Record<string, unknown>): Record<string, string> {
  const entries = input instanceof FormData ? [...input.entries()] : Object.entries(input);
  const values: Record<string, string> = {};
  for (const [key, value] of entries) {
    // What was typed, to refill the form; bounded so a refusal never echoes a huge body back.
    if (typeof value === "string" && !NOT_ECHOED.has(key)) values[key] = value.slice(0, 10_000);
  }
  return values;
}

/** Checks a form with its schema. Repeated fields (checkbox lists) are read as arrays when the schema asks for them. */
export function checkForm<S extends z.ZodType>(schema: S, input: FormData | Record<string, unknown>): FormCheck<z.infer<S>> {
  const values = formValues(input);
  const parsed = schema.safeParse(input instanceof FormData ? formObject(input) : input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}

/** A form's fields as an object: one value stays a string, a repeated name becomes an array. */
export function formObject(form: FormData): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((value): value is string => typeof value === "string");
    object[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return object;
}

/**
 * What the browser does once a submission has settled, the rule every form follows:
 * a refusal keeps the form (and its dialog) open with its errors and toasts its form message;
 * a success closes the dialog and toasts its message (a redirect's toast comes from the flash).
 * `answer` is undefined when the action redirected.
 */
export type SettledForm = { close: boolean; toast: { kind: "success" | "error" | "info"; title: string; description?: string } | null };

export function settleForm(answer: FormResult | undefined): SettledForm {
  if (!answer) return { close: true, toast: null };
  if (!answer.ok) return { close: false, toast: answer.formError ? { kind: "error", title: answer.formErrorTitle ?? "Error", description: answer.formError } : null };
  if (!answer.toast) return { close: true, toast: null };
  return { close: true, toast: { kind: answer.toastKind ?? "success", title: answer.toast, ...(answer.toastDescription ? { description: answer.toastDescription } : {}) } };
}

/**
 * Which answer a form shows: the fetcher's latest, else what the page's action answered without
 * JavaScript (`initial`); not one cleared since (a dialog opened again), nor one of another intent.
 * Its refusal keeps the form's errors and values; its success may say so on the page.
 */
export function answerShown<T extends object>(
  answers: { latest: FormResult<T> | undefined; initial?: FormResult<T>; cleared?: unknown },
  intent?: string,
): { refusal: FormRefusal | null; succeeded: FormSuccess<T> | null } {
  const answer = answers.latest ?? answers.initial;
  const ours = answer && answer !== answers.cleared && (!intent || !answer.intent || answer.intent === intent) ? answer : null;
  return { refusal: ours && !ours.ok ? ours : null, succeeded: ours?.ok ? ours : null };
}
