import type { useFetcher } from "react-router";
import { toast } from "~/ui/toaster";
import { useSubmissionOutcome } from "~/ui/use-submission-outcome";

type ActionFeedback = { error?: string; fieldErrors?: Record<string, string | undefined> } | undefined;

/**
 * After a fetcher's submission settles: a server message becomes the spec's
 * 'Error' toast; a success (a redirect with its own toast, or an answer
 * without errors) calls `onSuccess`, e.g. to close the dialog.
 */
export function useActionFeedback(fetcher: ReturnType<typeof useFetcher<ActionFeedback>>, onSuccess?: () => void) {
  useSubmissionOutcome(fetcher, (answer) => {
    if (answer?.error) toast.error("Error", { description: answer.error });
    else if (!answer?.fieldErrors || Object.keys(answer.fieldErrors).length === 0) onSuccess?.();
  });
}
