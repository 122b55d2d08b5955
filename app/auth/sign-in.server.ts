import { APIError } from "better-auth/api";
import { Refusal } from "~/forms/refusal";
import { countRateLimitHit, refundRateLimitHits } from "~/request-safety/rate-limit.server";
import { authRequestHeaders, getAuth } from "./auth.server";
import {
  networkKeyOf,
  retryAfterSeconds,
  signInThrottleRules,
  throttleVerdict,
  tooManySignInAttemptsMessage,
  type ThrottleRule,
  FAILURES_PER_NETWORK_ADDRESS,
  SIGN_IN_WINDOW_MS,
} from "./sign-in-throttle";

/** A sign-in refused by the throttle: a 429 whose answer carries `Retry-After`. */
export class TooManySignInAttempts extends Refusal {
  constructor(readonly retryAfterMs: number) {
    super(tooManySignInAttemptsMessage(retryAfterMs), { status: 429 });
  }

  get retryAfterHeader(): Record<string, string> {
    return { "Retry-After": String(retryAfterSeconds(this.retryAfterMs)) };
  }
}

/**
 * Counts one attempt against its counters before the password (or code) is checked, so
 * simultaneous attempts cannot slip past the limit; an attempt that then succeeds is taken back
 * (`passed`), so the counters hold failures only. Refused with `TooManySignInAttempts` once a
 * counter is over its limit.
 */
async function beginAttempt(rules: ThrottleRule[], now: Date): Promise<{ passed: () => Promise<void> }> {
  const counts = [];
  for (const rule of rules) {
    const counted = await countRateLimitHit(rule, { now });
    counts.push({ count: counted.count, limit: rule.limit, windowEndsAt: counted.windowEndsAt });
  }
  const verdict = throttleVerdict(counts, now);
  if (!verdict.allowed) throw new TooManySignInAttempts(verdict.retryAfterMs);
  return { passed: () => refundRateLimitHits(rules.map((rule) => rule.key), now) };
}

/** A password sign-in attempt for this address from this network address. */
export function beginPasswordAttempt(email: string, clientAddress: string, now: Date = new Date()) {
  return beginAttempt(signInThrottleRules(email, clientAddress), now);
}

/** A second-factor code attempt: the account is not known yet, so only the network address counts. */
export function beginCodeAttempt(clientAddress: string, now: Date = new Date()) {
  return beginAttempt(
    [{ key: `sign-in:ip:${networkKeyOf(clientAddress)}`, limit: FAILURES_PER_NETWORK_ADDRESS, windowMs: SIGN_IN_WINDOW_MS }],
    now,
  );
}

export const INVALID_CREDENTIALS = "Invalid email or password";

export type PasswordSignIn = { headers: Headers; userId: string | null; twoFactorPending: boolean };

/**
 * Checks the password (throttled). With two-factor on, no session is made yet: better-auth sets
 * its short-lived two-factor cookie and the code is asked next.
 */
export async function signInWithPassword(
  input: { email: string; password: string },
  request: Request,
  clientAddress: string,
): Promise<PasswordSignIn> {
  const attempt = await beginPasswordAttempt(input.email, clientAddress);
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: authRequestHeaders(request.headers, clientAddress),
      returnHeaders: true,
    });
    await attempt.passed();
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { headers, userId: null, twoFactorPending: true };
    return { headers, userId: "user" in response ? response.user.id : null, twoFactorPending: false };
  } catch (error) {
    if (error instanceof APIError) {
      throw new Refusal(error.status === "UNAUTHORIZED" ? INVALID_CREDENTIALS : error.message);
    }
    throw error;
  }
}

export type SecondFactor = { method: "totp" | "recovery"; code: string };

/** The second step of a two-factor sign-in: an authenticator code or a one-time recovery code. */
export async function verifySignInCode(input: SecondFactor, request: Request, clientAddress: string) {
  const attempt = await beginCodeAttempt(clientAddress);
  const auth = await getAuth();
  const headers = authRequestHeaders(request.headers, clientAddress);
  try {
    const code = input.code.replace(/\s+/g, "");
    const answer =
      input.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    await attempt.passed();
    return { headers: answer.headers, userId: answer.response.user.id };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      throw new Refusal(
        input.method === "totp"
          ? "That code is not right. Enter the current 6-digit code from your authenticator app."
          : "That recovery code is not right or has already been used.",
        { field: "code" },
      );
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
      throw new Refusal("Too many wrong codes. Two-factor sign-in for this account is locked for 15 minutes.", { status: 429 });
    }
    // The two-factor step expired (10 minutes) or used up its attempts: start again with the password.
    throw new Refusal("This sign-in has expired. Please sign in again with your email and password.", { title: "expired" });
  }
}

function emailOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && "email" in parsed && typeof parsed.email === "string" ? parsed.email : "";
  } catch {
    return "";
  }
}

const THROTTLED_API_PATHS = new Set(["/api/auth/sign-in/email", "/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"]);

/**
 * better-auth's own HTTP endpoints, with the same sign-in throttle as the /auth form: a password
 * sign-in counts against its address and network address, a second-factor code against its
 * network address; an attempt answered 200 is taken back. A throttled attempt gets 429 with
 * Retry-After and the same words whether or not the address has an account.
 */
export async function answerAuthApi(request: Request, clientAddress: string): Promise<Response> {
  const auth = await getAuth();
  const headers = authRequestHeaders(request.headers, clientAddress);
  const path = new URL(request.url).pathname;
  if (request.method !== "POST" || !THROTTLED_API_PATHS.has(path)) return auth.handler(new Request(request, { headers }));
  // Read once: the e-mail for the throttle, then the same body for better-auth.
  const body = await request.text();
  const forwarded = new Request(request.url, { method: "POST", headers, body });
  try {
    let attempt: { passed: () => Promise<void> };
    if (path === "/api/auth/sign-in/email") {
      attempt = await beginPasswordAttempt(emailOf(body), clientAddress);
    } else {
      attempt = await beginCodeAttempt(clientAddress);
    }
    const response = await auth.handler(forwarded);
    if (response.ok) await attempt.passed();
    return response;
  } catch (error) {
    if (error instanceof TooManySignInAttempts) {
      return Response.json(
        { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: error.message },
        { status: 429, headers: error.retryAfterHeader },
      );
    }
    throw error;
  }
}
