import { APIError } from "better-auth/api";
import { parseForm } from "~/forms/form-action.server";
import { Refusal } from "~/refusal/refusal";
import { signInSchema } from "./auth-forms";
import { authRequestHeaders } from "./auth-request-headers";
import { getAuth } from "./auth.server";
import { CODE_ALREADY_USED, CODE_ALREADY_USED_MESSAGE, countMalformedSignIn, TOO_MANY_SIGN_IN_ATTEMPTS } from "./sign-in-policy.server";
import { tooManySignInAttemptsMessage } from "./sign-in-throttle";

/** A sign-in refused by the throttle: a 429 whose answer carries `Retry-After`. */
export class TooManySignInAttempts extends Refusal {
  constructor(retryAfterMs: number) {
    super(tooManySignInAttemptsMessage(retryAfterMs), { status: 429, retryAfterMs });
  }
}

/** A refusal of better-auth's with a 429 (the sign-in policy's counters), as the form's; anything else as it is. */
export function refusalOfThrottle(error: unknown): unknown {
  if (!(error instanceof APIError) || error.statusCode !== 429) return error;
  const seconds = Number(new Headers(error.headers).get("Retry-After"));
  const retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
  if ((error.body as { code?: string } | undefined)?.code === TOO_MANY_SIGN_IN_ATTEMPTS) return new TooManySignInAttempts(retryAfterMs);
  return new Refusal(error.message, { status: 429, retryAfterMs });
}

/** The sign-in form's fields; a submission the form refuses still counts against its network address (never an account). */
export async function parseSignInForm(form: FormData, clientAddress: string) {
  try {
    return parseForm(signInSchema, form);
  } catch (refused) {
    if (refused instanceof Refusal) await countMalformedSignIn(clientAddress).catch((error: unknown) => Promise.reject(refusalOfThrottle(error)));
    throw refused;
  }
}

export const INVALID_CREDENTIALS = "Invalid email or password";

export type PasswordSignIn = { headers: Headers; userId: string | null; twoFactorPending: boolean };

/**
 * Checks the password (the sign-in policy counts it). With two-factor on, no session is made yet:
 * better-auth sets its short-lived two-factor cookie and the code is asked next.
 */
export async function signInWithPassword(
  input: { email: string; password: string },
  request: Request,
  clientAddress: string,
): Promise<PasswordSignIn> {
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: authRequestHeaders(request.headers, clientAddress),
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { headers, userId: null, twoFactorPending: true };
    return { headers, userId: "user" in response ? response.user.id : null, twoFactorPending: false };
  } catch (error) {
    const refused = refusalOfThrottle(error);
    if (refused instanceof APIError) throw new Refusal(refused.status === "UNAUTHORIZED" ? INVALID_CREDENTIALS : refused.message);
    throw refused;
  }
}

export type SecondFactor = { method: "totp" | "recovery"; code: string };

export const WRONG_TOTP = "That code is not right. Enter the current 6-digit code from your authenticator app.";

/** The second step of a two-factor sign-in: an authenticator code or a one-time recovery code. */
export async function verifySignInCode(input: SecondFactor, request: Request, clientAddress: string) {
  const auth = await getAuth();
  const headers = authRequestHeaders(request.headers, clientAddress);
  try {
    const code = input.code.replace(/\s+/g, "");
    const answer =
      input.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    return { headers: answer.headers, userId: answer.response.user.id };
  } catch (error) {
    const refused = refusalOfThrottle(error);
    if (!(refused instanceof APIError)) throw refused;
    const code = (refused.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE" || code === CODE_ALREADY_USED) {
      const message = code === CODE_ALREADY_USED ? CODE_ALREADY_USED_MESSAGE : input.method === "totp" ? WRONG_TOTP : "That recovery code is not right or has already been used.";
      throw new Refusal(message, { field: "code" });
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
      throw new Refusal("Too many wrong codes. Two-factor sign-in for this account is locked for 15 minutes.", { status: 429 });
    }
    // The two-factor step expired (10 minutes) or used up its attempts: start again with the password.
    throw new Refusal("This sign-in has expired. Please sign in again with your email and password.", { title: "expired" });
  }
}
