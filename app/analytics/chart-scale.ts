import { addDaysToDate } from "~/availability/slot-time";
import { formatDay } from "~/formatting/dates";

/**
 * The arithmetic of the analytics charts (hand-drawn SVG, see analytics-charts.tsx): a y axis with
 * round ticks, which x labels fit, and the names of days and weeks. Pure.
 */

/** The axis top and its ticks: 0, then steps of 1, 2 or 5 × 10ⁿ up to a value ≥ `max` (at most ~5 steps). */
export function niceTicks(max: number, targetSteps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / targetSteps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  // Counts are whole: never a step below 1.
  const wholeStep = Math.max(step, max >= 1 ? 1 : step);
  const ticks: number[] = [];
  for (let tick = 0; ticks.length === 0 || ticks[ticks.length - 1]! < max; tick += wholeStep) ticks.push(Math.round(tick * 1e6) / 1e6);
  return ticks;
}

/** Label every n-th bar so that about `room` labels fit under the chart. */
export function labelEvery(count: number, room = 10): number {
  return Math.max(1, Math.ceil(count / room));
}

/** The days a bucket covers within the period: a day, or the part of a Sunday-to-Saturday week inside it. */
export function bucketDays(bucket: string, kind: "day" | "week", period: { firstDay: string; lastDay: string }): { from: string; to: string } {
  if (kind === "day") return { from: bucket, to: bucket };
  const weekEnd = addDaysToDate(bucket, 6);
  return { from: bucket < period.firstDay ? period.firstDay : bucket, to: weekEnd > period.lastDay ? period.lastDay : weekEnd };
}

/** "Mar 9", or "Mar 8 – Mar 14" for a week. */
export function bucketLabel(bucket: string, kind: "day" | "week", period: { firstDay: string; lastDay: string }): string {
  const { from, to } = bucketDays(bucket, kind, period);
  return from === to ? formatDay(from, "month-day") : `${formatDay(from, "month-day")} – ${formatDay(to, "month-day")}`;
}

/** Under a bar: the bucket's first day in the period ("Mar 8" for the week of 8 March). */
export function bucketAxisLabel(bucket: string, kind: "day" | "week", period: { firstDay: string; lastDay: string }): string {
  return formatDay(bucketDays(bucket, kind, period).from, "month-day");
}
