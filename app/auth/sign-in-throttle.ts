/**
 * Sign-in throttling, its pure half: which counters a sign-in attempt touches, how long a
 * refused visitor waits, and what they are told. The counting itself is one atomic upsert per
 * counter in the database (request-safety's rate limits), so every app process shares it.
 *
 * Rule (issue 18): after 5 failed sign-ins for one address, or 20 from one network address,
 * within 15 minutes, further attempts wait until that window ends. The message is the same
 * whether or not an account uses the address, so it reveals nothing.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_NETWORK_ADDRESS = 20;

export type ThrottleRule = { key: string; limit: number; windowMs: number };

/** The e-mail as typed, reduced to one spelling so "Ada@X.com " and "ada@x.com" share a counter. */
export function normalizedSignInEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * An IPv6 visitor controls a whole /64, so its counter is the /64 prefix; an IPv4 visitor (or an
 * IPv4-mapped IPv6 address) is counted by its own address.
 */
export function networkKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = address.includes("::") ? [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The two counters one sign-in attempt counts against: its account's and its network address's. */
export function signInThrottleRules(email: string, address: string): ThrottleRule[] {
  return [
    { key: `sign-in:email:${normalizedSignInEmail(email)}`, limit: FAILURES_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS },
    { key: `sign-in:ip:${networkKeyOf(address)}`, limit: FAILURES_PER_NETWORK_ADDRESS, windowMs: SIGN_IN_WINDOW_MS },
  ];
}

/** One counter after an attempt: how many attempts its window holds and when the window ends. */
export type ThrottleCount = { count: number; limit: number; windowEndsAt: Date };

/**
 * Whether an attempt may go on, given its counters after counting it: refused as soon as any
 * counter holds more than its limit, and then it waits until the last such window ends.
 */
export function throttleVerdict(counts: ThrottleCount[], now: Date): { allowed: true } | { allowed: false; retryAfterMs: number } {
  const over = counts.filter((counted) => counted.count > counted.limit);
  if (over.length === 0) return { allowed: true };
  const waitMs = Math.max(...over.map((counted) => counted.windowEndsAt.getTime() - now.getTime()));
  return { allowed: false, retryAfterMs: Math.max(1_000, waitMs) };
}

/** Whole seconds for a `Retry-After` header, never 0 (a 0 would invite an immediate retry). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

export function tooManySignInAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
