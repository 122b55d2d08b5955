import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import type { CadenceStep } from "./cadence-options";

// When each step of an enrolment is due. Pure: the worker, the editor and the sandbox's timeline
// read the same rule.

const HOUR_MS = 60 * 60_000;

/**
 * The instant a step falls due: `delayAmount` hours after enrolment (absolute time), or
 * `delayAmount` calendar days in the business time zone at the same wall-clock time, so a
 * "+1 day" across a DST change still lands at the hour the lead enrolled.
 */
export function stepDueAt(enrolledAt: Date, step: Pick<CadenceStep, "delayAmount" | "delayUnit">, timeZone: string): Date {
  if (step.delayUnit === "hours") return new Date(enrolledAt.getTime() + step.delayAmount * HOUR_MS);
  return new Date(addDays(new TZDate(enrolledAt.getTime(), timeZone), step.delayAmount).getTime());
}

/**
 * When step `index` is due, given when the step before it was handled. Normally its own
 * `stepDueAt`; after a pause, the steps left keep their spacing from the one just handled
 * instead of all going out at once on resume.
 */
export function nextStepDueAt(
  enrolledAt: Date,
  steps: readonly Pick<CadenceStep, "delayAmount" | "delayUnit">[],
  index: number,
  previousHandledAt: Date | null,
  timeZone: string,
): Date | null {
  const step = steps[index];
  if (!step) return null;
  const scheduled = stepDueAt(enrolledAt, step, timeZone);
  const previous = index > 0 ? steps[index - 1] : undefined;
  if (!previous || !previousHandledAt) return scheduled;
  const gap = Math.max(0, scheduled.getTime() - stepDueAt(enrolledAt, previous, timeZone).getTime());
  return new Date(Math.max(scheduled.getTime(), previousHandledAt.getTime() + gap));
}

/** 'Day 0', '+3 days', '+2 hours': the step's delay after enrolment, in the editor's and sandbox's words. */
export function delayText(step: Pick<CadenceStep, "delayAmount" | "delayUnit">): string {
  if (step.delayAmount === 0) return "Day 0";
  const unit = step.delayUnit === "hours" ? "hour" : "day";
  return `+${step.delayAmount} ${unit}${step.delayAmount === 1 ? "" : "s"}`;
}
