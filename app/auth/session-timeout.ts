/**
 * The idle timeout's pure rule. A session's last activity is its `updated_at`, written at most
 * once per resolution step so a busy admin does not write on every request; the step is a tenth
 * of the timeout (at most a minute), so the recorded time never lags enough to end an active
 * session early.
 */
export type SessionActivity = "idle" | "record" | "recent";

export function activityResolutionMs(timeoutMinutes: number): number {
  return Math.min(60_000, (timeoutMinutes * 60_000) / 10);
}

/** `idle`: the timeout has passed, the session ends; `record`: write now as its last activity; `recent`: nothing to do. */
export function sessionActivity(lastActiveAt: Date, timeoutMinutes: number, now: Date): SessionActivity {
  const quietMs = now.getTime() - lastActiveAt.getTime();
  if (quietMs >= timeoutMinutes * 60_000) return "idle";
  return quietMs >= activityResolutionMs(timeoutMinutes) ? "record" : "recent";
}
