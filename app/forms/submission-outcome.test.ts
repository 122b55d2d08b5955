import { describe, expect, it } from "vitest";
import { startWatch, watchSubmission, type FetcherView } from "./submission-outcome";

type Answer = { ok: boolean };

/** Feeds the rendered fetcher states in order; returns what each finished submission answered. */
function outcomes(initial: Answer | undefined, renders: FetcherView<Answer>[]) {
  let watch = startWatch(initial);
  const finished: (Answer | undefined)[] = [];
  for (const render of renders) {
    const seen = watchSubmission(watch, render);
    watch = seen.watch;
    if (seen.finished) finished.push(seen.answer);
  }
  return finished;
}

const refusal = { ok: false };
const secondRefusal = { ok: false };

const idle = (data?: Answer): FetcherView<Answer> => ({ state: "idle", data });
const submitting = (data?: Answer): FetcherView<Answer> => ({ state: "submitting", data });
const loading = (data?: Answer): FetcherView<Answer> => ({ state: "loading", data });

describe("watching a fetcher's submission", () => {
  // Each answer is checked by identity: a second refusal equal to the first is still told apart.
  it.each<{ name: string; initial?: Answer; renders: FetcherView<Answer>[]; answers: (Answer | undefined)[] }>([
    { name: "reports nothing while nothing is submitted", renders: [idle(), idle()], answers: [] },
    { name: "reports the refusal the action answered", renders: [idle(), submitting(), idle(refusal)], answers: [refusal] },
    { name: "reports the refusal even when the busy render already carries it", renders: [idle(), submitting(refusal), idle(refusal)], answers: [refusal] },
    { name: "reports the refusal when no busy render came between", renders: [idle(), idle(refusal)], answers: [refusal] },
    {
      name: "reports a redirect (the data unchanged after a busy spell) as no answer",
      initial: refusal,
      renders: [idle(refusal), submitting(refusal), loading(refusal), idle(refusal)],
      answers: [undefined],
    },
    {
      name: "tells a second refusal from the first one",
      renders: [submitting(), idle(refusal), submitting(secondRefusal), idle(secondRefusal)],
      answers: [refusal, secondRefusal],
    },
  ])("$name", ({ initial, renders, answers }) => {
    const finished = outcomes(initial, renders);
    expect(finished).toHaveLength(answers.length);
    answers.forEach((answer, index) => expect(finished[index]).toBe(answer));
  });
});
