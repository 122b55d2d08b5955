// When the $99 offer pops up (spec 000 §4: "2 seconds after the page loads", on a wide screen).
// Pure: the browser's popup and the settings' default share it.

/** The specification's delay, the setting's default. */
export const DEFAULT_POPUP_DELAY_SECONDS = 2;

/**
 * How long the popup still waits, counted from the page's load event as the visitor counts it:
 * `delayMs` after the load, however late the popup's own code arrived; at once if that is past.
 */
export function popupDueInMs(delayMs: number, msSinceLoad: number): number {
  return Math.max(0, delayMs - Math.max(0, msSinceLoad));
}
