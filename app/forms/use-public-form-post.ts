import { useRef, useState } from "react";
import { prepareToasts, toast } from "~/ui/toaster";
import type { FormResult, FormSuccess } from "./form-result";
import type { FieldErrors } from "~/refusal/refusal";

/** Shown when the server could not be reached or failed; the form keeps what was typed. */
export const UNREACHABLE_MESSAGE = "We could not reach our server. Please check your connection and try again.";

type PublicFormPostOptions<T extends object> = {
  /** Called once per success, after the form was cleared. */
  onSuccess?: (answer: FormSuccess<T>) => void;
  /** How long the success toast stays (the spec's contact page: 5 seconds). */
  successToastDuration?: number;
  /** What the page's action answered when the form was posted without JavaScript. */
  initial?: FormResult<T>;
};

/**
 * The one form pattern (docs/decisions/014-one-form-pattern.md) for the public site's forms: the
 * form posts with `fetch` to its JSON endpoint (its own `action` is the page that answers it
 * without JavaScript) and each answer settles by `settleForm`, like `useFormAction`: a refusal
 * stays on screen with its field errors and values and toasts its `formError`; a success toasts,
 * clears the form and calls `onSuccess`. `fetch` rather than a fetcher: a dropped connection or a
 * broken answer must leave the visitor this form with a message, never an error page.
 */
export function usePublicFormPost<T extends object = object>(endpoint: string, { onSuccess, successToastDuration, initial }: PublicFormPostOptions<T> = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<FormResult<T> | undefined>(undefined);
  const busy = useRef(false);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    const form = event.currentTarget;
    prepareToasts();
    // The rule loads with the first submission, not with the page: the public pages' first load is held under 120 KB.
    const rule = import("./form-result").then(
      (module) => module.settleForm,
      () => null,
    );
    let result: FormResult<T>;
    try {
      const response = await fetch(endpoint, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      const body: unknown = await response.json();
      result = typeof body === "object" && body !== null && "ok" in body ? (body as FormResult<T>) : unreachable();
    } catch {
      result = unreachable();
    }
    busy.current = false;
    setSubmitting(false);
    setAnswer(result);
    const settled = (await rule)?.(result);
    const duration = result.ok ? successToastDuration : undefined;
    if (settled?.toast) toast[settled.toast.kind](settled.toast.title, { description: settled.toast.description, duration });
    if (result.ok) {
      form.reset();
      onSuccess?.(result);
    }
  };

  const latest = answer ?? initial;
  const refusal = latest && !latest.ok ? latest : undefined;
  return {
    submitting,
    errors: (refusal?.fieldErrors ?? {}) as FieldErrors,
    values: (refusal?.values ?? {}) as Partial<Record<string, string>>,
    formError: refusal?.formError,
    onSubmit,
  };
}

function unreachable(): FormResult<never> {
  return { ok: false, fieldErrors: {}, values: {}, formError: UNREACHABLE_MESSAGE };
}
