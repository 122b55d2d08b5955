/**
 * Tells, from the fetcher's successive rendered states, when a submission has finished and what
 * it answered: the action's data, or `undefined` when it redirected (a redirect leaves the
 * fetcher's data as it was).
 *
 * The data before a submission is the data of the last idle render, not what the fetcher holds
 * when its busy state is first rendered: React Router can hand a fast answer to a render that
 * still shows the fetcher as submitting. Taking that answer as "the data before" made a refusal
 * look like a redirect, which closed the dialog that should have shown it.
 */
export type SubmissionWatch<T> = { settledData: T | undefined; inFlight: boolean };
export type FetcherView<T> = { state: "idle" | "submitting" | "loading"; data: T | undefined };

export function startWatch<T>(data: T | undefined): SubmissionWatch<T> {
  return { settledData: data, inFlight: false };
}

export function watchSubmission<T>(
  watch: SubmissionWatch<T>,
  fetcher: FetcherView<T>,
): { watch: SubmissionWatch<T>; finished: false } | { watch: SubmissionWatch<T>; finished: true; answer: T | undefined } {
  if (fetcher.state !== "idle") return { watch: { ...watch, inFlight: true }, finished: false };
  const next = { settledData: fetcher.data, inFlight: false };
  const changed = fetcher.data !== watch.settledData;
  // An answer can also arrive with no busy render in between (React batches the updates).
  if (!watch.inFlight && !changed) return { watch: next, finished: false };
  return { watch: next, finished: true, answer: changed ? fetcher.data : undefined };
}
