import { z } from "~/forms/zod";
import { networkKeyOf } from "~/request-safety/network-key";

/**
 * Sign-in throttling, its pure half: which counters an attempt touches, how long a refused visitor
 * waits, and what they are told. The counting itself is one atomic upsert per counter in the
 * database (request-safety's rate limits), so every app process shares it; the policy that calls
 * it runs inside better-auth (sign-in-policy.server.ts), on what better-auth itself parsed.
 *
 * Rule (issue 18, made safe for the owner in issue 25, after OWASP's device cookies): a browser
 * that has signed in to an account since its sign-ins were last ended carries a device cookie for
 * it and has its own allowance, 5 failures in 15 minutes, untouched by failures from anywhere else
 * (its failures still count against its network address, issue 41). Every other attempt counts
 * against the account (5 failures in 15 minutes, for all unknown devices together) and against its
 * network address (20). An attempt whose address is not an e-mail address counts
 * against the network address only: it cannot sign in to any account, so it locks none. The
 * message is the same whether or not an account uses the address, so it reveals nothing.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_DEVICE = 5;
export const FAILURES_PER_NETWORK_ADDRESS = 20;
/** Accounts made from one network address in an hour (the /auth page's Create Account). */
export const SIGN_UPS_PER_NETWORK_ADDRESS = 10;

export type ThrottleRule = { key: string; limit: number; windowMs: number };

/**
 * The account an attempt names, as better-auth looks it up: the address lower-cased, when
 * better-auth accepts it as an address at all (it answers anything else 400 before looking).
 * Null for anything else (`" OWNER@x.com "`, a number, nothing).
 */
export function signInAccountKey(email: unknown): string | null {
  if (typeof email !== "string" || !z.email().safeParse(email).success) return null;
  return email.toLowerCase();
}

function networkRule(address: string): ThrottleRule {
  return { key: `sign-in:ip:${networkKeyOf(address)}`, limit: FAILURES_PER_NETWORK_ADDRESS, windowMs: SIGN_IN_WINDOW_MS };
}

/** The counter that holds an account's failures from unknown devices; it names the address last (erasure finds it by that). */
export function accountRule(account: string): ThrottleRule {
  return { key: `sign-in:email:${account}`, limit: FAILURES_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS };
}

/**
 * One password attempt: `account` from `signInAccountKey`, `knownDevice` the id of the device
 * cookie when it belongs to that account's user.
 */
export type PasswordAttempt = { account: string | null; clientAddress: string; knownDevice: string | null };

/** The counters one password attempt counts against. */
export function signInThrottleRules(attempt: PasswordAttempt): ThrottleRule[] {
  // A known device still counts against its network: many old cookies from one place add up there (issue 41).
  if (attempt.account && attempt.knownDevice) {
    return [{ key: `sign-in:device:${attempt.knownDevice}`, limit: FAILURES_PER_DEVICE, windowMs: SIGN_IN_WINDOW_MS }, networkRule(attempt.clientAddress)];
  }
  if (!attempt.account) return [networkRule(attempt.clientAddress)];
  return [accountRule(attempt.account), networkRule(attempt.clientAddress)];
}

/** A second-factor code: its network address's counter (the account's own lock is better-auth's). */
export function codeThrottleRules(clientAddress: string): ThrottleRule[] {
  return [networkRule(clientAddress)];
}

/** A new account from the /auth page: its network address's own counter, apart from sign-in's and the public forms'. */
export function signUpThrottleRules(clientAddress: string): ThrottleRule[] {
  return [{ key: `sign-up:ip:${networkKeyOf(clientAddress)}`, limit: SIGN_UPS_PER_NETWORK_ADDRESS, windowMs: 60 * 60_000 }];
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

/** What a device cookie names: the user who signed in on this browser, the browser's own id, and the user's sign-in epoch then. */
export type DeviceCookie = { userId: string; deviceId: string; epoch: number };

export function deviceCookieValue(device: DeviceCookie): string {
  return `${device.userId}!${device.deviceId}!${device.epoch}`;
}

/**
 * The device a (signature-checked) device cookie names, or null when it is not one. A cookie from
 * before epochs (no third part) names none: it cannot tell whether the password changed since.
 */
export function parseDeviceCookie(value: string | false | null | undefined): DeviceCookie | null {
  const match = /^([A-Za-z0-9_-]{8,64})!([A-Za-z0-9_-]{22,64})!(\d{1,9})$/.exec(value || "");
  return match?.[1] && match[2] && match[3] ? { userId: match[1], deviceId: match[2], epoch: Number(match[3]) } : null;
}
