import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Which 30-second step an authenticator code belongs to (RFC 6238), for the replay rule: a code is
 * good once, so the step it was accepted at is remembered (two-factor-replay.server.ts). The same
 * parameters as better-auth's TOTP (6 digits, 30 s, one step of drift either side); the secret is
 * used as its UTF-8 bytes, as better-auth does. Server-side only (node:crypto).
 */
export const TOTP_PERIOD_MS = 30_000;
const DIGITS = 6;
const DRIFT_STEPS = 1;

export function totpStepAt(instant: Date): number {
  return Math.floor(instant.getTime() / TOTP_PERIOD_MS);
}

/** The code of one step (HOTP of the step number). */
export function totpCodeForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The step within the allowed drift whose code `code` is, or null when it is none of them. */
export function matchingTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStepAt(now);
  let matched: number | null = null;
  // Every candidate is compared (in constant time), so the answer's timing says nothing about which matched.
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1) {
    if (timingSafeEqual(Buffer.from(totpCodeForStep(secret, step)), Buffer.from(code))) matched = step;
  }
  return matched;
}
