import { APIError } from "better-auth/api";
import { data } from "react-router";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { formValues } from "~/forms/form-result";
import { Refusal } from "~/forms/refusal";
import { redirectWithToast } from "~/forms/flash.server";
import { safeAdminReturnPath, secondFactorSchema, signInSchema, signUpSchema } from "./auth-forms";
import { authRequestHeaders, getAuth } from "./auth.server";
import { homeFor } from "./guard.server";
import { signInWithPassword, TooManySignInAttempts, verifySignInCode } from "./sign-in.server";

/** Where a signed-in account goes: an admin to the page asked for (in the back-office), anyone else to the site. */
async function destinationFor(userId: string | null, redirectTo: string | undefined): Promise<string> {
  const home = userId ? await homeFor(userId) : "/";
  return home === "/admin" ? (safeAdminReturnPath(redirectTo) ?? "/admin") : "/";
}

/** A throttled attempt: the form's refusal, with 429 and Retry-After. */
function throttledAnswer(error: TooManySignInAttempts, form: FormData, intent: string) {
  return data(
    { ok: false as const, intent, fieldErrors: {}, values: formValues(form), formError: error.message },
    { status: 429, headers: error.retryAfterHeader },
  );
}

/** The /auth page's three forms: create an account, sign in with a password, then (two-factor on) with a code. */
export async function handleAuthAction(request: Request, clientAddress: string) {
  return answerForm(request, {
    "sign-up": async (form) => {
      const input = parseForm(signUpSchema, form);
      try {
        const auth = await getAuth();
        await auth.api.signUpEmail({ body: input, headers: authRequestHeaders(request.headers, clientAddress) });
      } catch (error) {
        if (error instanceof APIError) throw new Refusal(error.message);
        throw error;
      }
      return { ok: true as const, intent: "sign-up", message: "Account created successfully. You can now sign in." };
    },
    "sign-in": async (form) => {
      const { email, password, redirectTo } = parseForm(signInSchema, form);
      try {
        const signedIn = await signInWithPassword({ email, password }, request, clientAddress);
        if (signedIn.twoFactorPending) {
          return data({ ok: true as const, intent: "sign-in", twoFactorPending: true, redirectTo: redirectTo ?? "" }, { headers: signedIn.headers });
        }
        const destination = await destinationFor(signedIn.userId, redirectTo);
        return redirectWithToast(destination, { type: "success", title: "Welcome back!" }, { headers: signedIn.headers });
      } catch (error) {
        if (error instanceof TooManySignInAttempts) return throttledAnswer(error, form, "sign-in");
        throw error;
      }
    },
    "verify-code": async (form) => {
      const { method, code, redirectTo } = parseForm(secondFactorSchema, form);
      try {
        const verified = await verifySignInCode({ method, code }, request, clientAddress);
        const destination = await destinationFor(verified.userId, redirectTo);
        return redirectWithToast(destination, { type: "success", title: "Welcome back!" }, { headers: verified.headers });
      } catch (error) {
        if (error instanceof TooManySignInAttempts) return throttledAnswer(error, form, "verify-code");
        throw error;
      }
    },
  });
}
