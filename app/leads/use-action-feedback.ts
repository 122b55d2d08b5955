import * as React from "react";
import type { useFetcher } from "react-router";
import { toast } from "~/ui/toaster";

type ActionFeedback = { error?: string; fieldErrors?: Record<string, string | undefined> } | undefined;

/**
 * After a fetcher's submission settles: a server message becomes the spec's
 * 'Error' toast; a success calls `onSuccess`, e.g. to close the dialog.
 * A successful action redirects (with its own toast), which leaves
 * `fetcher.data` as it was: so "data unchanged" means success.
 */
export function useActionFeedback(fetcher: ReturnType<typeof useFetcher<ActionFeedback>>, onSuccess?: () => void) {
  const submission = React.useRef<{ dataBefore: ActionFeedback } | null>(null);
  const onSuccessRef = React.useRef(onSuccess);
  React.useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  React.useEffect(() => {
    if (fetcher.state !== "idle") {
      submission.current ??= { dataBefore: fetcher.data };
      return;
    }
    const started = submission.current;
    if (!started) return;
    submission.current = null;
    const result = fetcher.data;
    if (result === started.dataBefore) {
      onSuccessRef.current?.();
      return;
    }
    if (result?.error) toast.error("Error", { description: result.error });
    else if (!result?.fieldErrors || Object.keys(result.fieldErrors).length === 0) onSuccessRef.current?.();
  }, [fetcher.state, fetcher.data]);
}
