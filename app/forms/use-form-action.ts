import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { prepareToasts, toast } from "~/ui/toaster";
import { answerShown, settleForm, type FormResult } from "./form-result";
import type { FieldErrors } from "~/refusal/refusal";
import { useSubmissionOutcome } from "./use-submission-outcome";

type FormActionOptions<T extends object> = {
  /** Only refusals of this intent are shown (several forms may post to one route). */
  intent?: string;
  /** Called once per successful submission: the action redirected (answer undefined) or answered `ok: true`. */
  onSuccess?: (answer: FormResult<T> | undefined) => void;
  /** Shares the submission's state with another component (React Router's fetcher key). */
  key?: string;
  /** For a form in a dialog the caller opens: each opening starts without the last refusal. */
  open?: boolean;
  /**
   * What the page's action answered when the form was posted without JavaScript (`useActionData()`):
   * shown, errors and values, until the fetcher has an answer of its own.
   */
  initial?: FormResult<T>;
};

/**
 * The one form pattern, its browser half (docs/decisions/014-one-form-pattern.md): a form posted
 * through a fetcher to its route's action. Once per settled submission it applies `settleForm`:
 * a refusal stays on screen (field errors, the values typed, its message as the 'Error' toast),
 * a success toasts and calls `onSuccess`. Render `<fetcher.Form>` with `noValidate`, an `intent`
 * hidden field, and `defaultValue={values.x}` on each control so a refusal keeps what was typed.
 */
export function useFormAction<T extends object = object>({ intent, onSuccess, key, open, initial }: FormActionOptions<T> = {}) {
  const fetcher = useFetcher<FormResult<T>>(key ? { key } : undefined);
  // An answer from before `clear()` (the dialog was closed and opened again) is not shown.
  const [cleared, setCleared] = useState<unknown>(undefined);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setCleared(fetcher.data);
  }
  // The toast region mounts while the form is on its way, ahead of its answer's toast.
  const submitting = fetcher.state === "submitting";
  useEffect(() => {
    if (submitting) prepareToasts();
  }, [submitting]);
  useSubmissionOutcome(fetcher, (answer) => {
    if (answer && intent && answer.intent && answer.intent !== intent) return;
    const settled = settleForm(answer);
    if (settled.toast) toast[settled.toast.kind](settled.toast.title, { description: settled.toast.description });
    if (settled.close) onSuccess?.(answer);
  });
  const { refusal, succeeded } = answerShown({ latest: fetcher.data, initial, cleared }, intent);
  return {
    fetcher,
    // Only while the form is on its way: the page reloading its data afterwards blocks nothing.
    busy: submitting,
    errors: (refusal?.fieldErrors ?? {}) as FieldErrors,
    values: (refusal?.values ?? {}) as Partial<Record<string, string>>,
    formError: refusal?.formError,
    /** The last answer that succeeded, for a form that says so on its page. */
    succeeded,
    /** Forget the last refusal (its errors and values), e.g. when its dialog opens again. */
    clear: () => setCleared(fetcher.data),
  };
}

/**
 * A dialog holding one form: `useFormAction` plus the dialog's open state. A refusal keeps it open
 * with the errors and the values typed; a success closes it. Opening it again starts clean.
 */
export function useFormDialog<T extends object = object>(options: FormActionOptions<T> = {}) {
  const [open, setOpenState] = useState(false);
  const form = useFormAction<T>({
    ...options,
    onSuccess: (answer) => {
      setOpenState(false);
      options.onSuccess?.(answer);
    },
  });
  const setOpen = (next: boolean) => {
    if (next) form.clear();
    setOpenState(next);
  };
  return { ...form, open, setOpen };
}
