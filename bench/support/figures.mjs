// The figures every benchmark reports its measurements with.
import os from "node:os";

/** @param {number[]} values @returns {number} */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which p % of the values lie (nearest rank); 0 for none. @param {number[]} sorted ascending @param {number} p @returns {number} */
export function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** The machine's load average over 1, 5 and 15 minutes, as the reports print it ("0.52 / 0.61 / 0.70"). @returns {string} */
export function loadAverage() {
  return os.loadavg().map((value) => value.toFixed(2)).join(" / ");
}
