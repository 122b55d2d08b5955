import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { startWatch, watchSubmission } from "./submission-outcome";

/**
 * Calls `onSettled` once each time the fetcher's submission has finished, with the action's
 * answer, or `undefined` when the action redirected. The rule is in `submission-outcome.ts`.
 */
export function useSubmissionOutcome<T>(fetcher: FetcherWithComponents<T>, onSettled: (answer: T | undefined) => void) {
  const watch = useRef(startWatch<T>(fetcher.data));
  const onSettledRef = useRef(onSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
  });
  useEffect(() => {
    const seen = watchSubmission(watch.current, { state: fetcher.state, data: fetcher.data });
    watch.current = seen.watch;
    if (seen.finished) onSettledRef.current(seen.answer);
  }, [fetcher.state, fetcher.data]);
}
