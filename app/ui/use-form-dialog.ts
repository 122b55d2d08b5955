import { useState } from "react";
import { useFetcher } from "react-router";
import { useSubmissionOutcome } from "./use-submission-outcome";

type FailedResult = { ok: false; fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> };

/**
 * A dialog whose form posts through a fetcher: it stays open and shows the field errors when the
 * action answers with `{ ok: false, fieldErrors }`, and closes when the action succeeds (usually a
 * redirect with a toast). The answer of an earlier attempt never decides about a later one.
 */
export function useFormDialog<T extends { ok: boolean }>() {
  const fetcher = useFetcher<T>();
  const [open, setOpenState] = useState(false);
  useSubmissionOutcome(fetcher, (answer) => {
    if (!answer || answer.ok) setOpenState(false);
  });

  // Errors from before the dialog was (re)opened are not shown again.
  const [openedWith, setOpenedWith] = useState<unknown>(undefined);
  const setOpen = (next: boolean) => {
    if (next) setOpenedWith(fetcher.data);
    setOpenState(next);
  };
  const latest = fetcher.data as (T & Partial<FailedResult>) | undefined;
  const failed = open && latest && latest !== openedWith && !latest.ok ? latest : null;
  return {
    fetcher,
    open,
    setOpen,
    // Only while the form is on its way: the page reloading its data afterwards blocks nothing.
    busy: fetcher.state === "submitting",
    errors: failed?.fieldErrors ?? {},
    values: (failed?.values ?? {}) as Partial<Record<string, string>>,
  };
}
