import { APIError } from "better-auth/api";
import { data } from "react-router";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { Refusal } from "~/refusal/refusal";
import { redirectWithToast } from "~/forms/flash.server";
import { safeAdminReturnPath, secondFactorSchema, signUpSchema } from "./auth-forms";
import { authRequestHeaders } from "./auth-request-headers";
import { getAuth } from "./auth.server";
import { homeFor } from "./guard.server";
import { parseSignInForm, refusalOfThrottle, signInWithPassword, verifySignInCode } from "./sign-in.server";

/** Where a signed-in account goes: an admin to the page asked for (in the back-office), anyone else to the site. */
async function destinationFor(userId: string | null, returnTo: string | undefined): Promise<string> {
  const home = userId ? await homeFor(userId) : "/";
  return home === "/admin" ? (safeAdminReturnPath(returnTo) ?? "/admin") : "/";
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
        const refused = refusalOfThrottle(error);
        if (refused instanceof APIError) throw new Refusal(refused.message);
        throw refused;
      }
      return { ok: true as const, intent: "sign-up", message: "Account created successfully. You can now sign in." };
    },
    "sign-in": async (form) => {
      const { email, password, returnTo } = await parseSignInForm(form, clientAddress);
      const signedIn = await signInWithPassword({ email, password }, request, clientAddress);
      if (signedIn.twoFactorPending) {
        return data({ ok: true as const, intent: "sign-in", twoFactorPending: true, returnTo: safeAdminReturnPath(returnTo) ?? "" }, { headers: signedIn.headers });
      }
      const destination = await destinationFor(signedIn.userId, returnTo);
      return redirectWithToast(destination, { type: "success", title: "Welcome back!" }, { headers: signedIn.headers });
    },
    "verify-code": async (form) => {
      const { method, code, returnTo } = parseForm(secondFactorSchema, form);
      const verified = await verifySignInCode({ method, code }, request, clientAddress);
      const destination = await destinationFor(verified.userId, returnTo);
      return redirectWithToast(destination, { type: "success", title: "Welcome back!" }, { headers: verified.headers });
    },
  });
}
