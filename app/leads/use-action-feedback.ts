import * as React from "react";
import type { useFetcher } from "react-router";
import { toast } from "~/ui/toaster";

type ActionFeedback = { error?: string; fieldErrors?: Record<string, string | undefined> } | undefined;

/**
 * After a fetcher's submission settles: a server message becomes the spec's
 * 'Error' toast; a success (the action redirected with its own toast) calls
 * `onSuccess`, e.g. to close the dialog.
 */
export function useActionFeedback(fetcher: ReturnType<typeof useFetcher<ActionFeedback>>, onSuccess?: () => void) {
  const wasBusy = React.useRef(false);
  const onSuccessRef = React.useRef(onSuccess);
  React.useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  React.useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const result = fetcher.data;
    if (result?.error) toast.error("Error", { description: result.error });
    else if (!result?.fieldErrors || Object.keys(result.fieldErrors).length === 0) onSuccessRef.current?.();
  }, [fetcher.state, fetcher.data]);
}
