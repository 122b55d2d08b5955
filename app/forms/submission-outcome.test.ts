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

describe("watching a fetcher's submission", () => {
  it("reports nothing while nothing is submitted", () => {
    expect(outcomes(undefined, [{ state: "idle", data: undefined }, { state: "idle", data: undefined }])).toEqual([]);
  });

  it("reports the refusal the action answered", () => {
    const renders: FetcherView<Answer>[] = [
      { state: "idle", data: undefined },
      { state: "submitting", data: undefined },
      { state: "idle", data: refusal },
    ];
    expect(outcomes(undefined, renders)).toEqual([refusal]);
  });

  it("reports the refusal even when the busy render already carries it", () => {
    const renders: FetcherView<Answer>[] = [
      { state: "idle", data: undefined },
      { state: "submitting", data: refusal },
      { state: "idle", data: refusal },
    ];
    expect(outcomes(undefined, renders)[0]).toBe(refusal);
  });

  it("reports the refusal when no busy render came between", () => {
    expect(outcomes(undefined, [{ state: "idle", data: undefined }, { state: "idle", data: refusal }])).toEqual([refusal]);
  });

  it("reports a redirect (the data unchanged after a busy spell) as no answer", () => {
    const renders: FetcherView<Answer>[] = [
      { state: "idle", data: refusal },
      { state: "submitting", data: refusal },
      { state: "loading", data: refusal },
      { state: "idle", data: refusal },
    ];
    expect(outcomes(refusal, renders)).toEqual([undefined]);
  });

  it("tells a second refusal from the first one", () => {
    const renders: FetcherView<Answer>[] = [
      { state: "submitting", data: undefined },
      { state: "idle", data: refusal },
      { state: "submitting", data: secondRefusal },
      { state: "idle", data: secondRefusal },
    ];
    const answers = outcomes(undefined, renders);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toBe(secondRefusal);
  });
});
