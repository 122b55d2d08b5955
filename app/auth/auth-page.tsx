import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import type { FormResult } from "~/forms/form-result";
import type { FieldErrors } from "~/refusal/refusal";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { Input } from "~/ui/input";
import type { Route } from "./+types/auth-page";
import { AuthScreen } from "./auth-screen";
import { handleAuthAction } from "./auth-actions.server";
import { getSignedInUser, homeFor } from "./guard.server";
import { TwoFactorSignInForm } from "./two-factor-sign-in-form";

export const meta: Route.MetaFunction = () => [{ title: "Sign In | Admin portal" }, { name: "robots", content: "noindex" }];

// A throttled sign-in's 429 tells the browser when to try again (React Router keeps only cookies of an action's headers otherwise).
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await getSignedInUser(request);
  if (signedIn) throw redirect(await homeFor(signedIn.id));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction(request, clientAddressOf(context));
}

/** Why the visitor was sent here, from the guard's redirect. */
const SIGNED_OUT_REASONS: Record<string, string> = {
  idle: "You were signed out after a period of inactivity. Please sign in again.",
};

/** What the action answers: a refusal, an account created, or a password accepted with a code still to come. */
type AuthAnswer = FormResult<{ twoFactorPending?: boolean; message?: string }>;

export default function AuthPage() {
  const actionData = useActionData<AuthAnswer>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData;
  const failed = answer && !answer.ok ? answer : null;
  // The code step stays up while its code is refused, and ends when the sign-in itself expired.
  const askingCode =
    (answer?.ok && answer.twoFactorPending === true) || (failed?.intent === "verify-code" && failed.formErrorTitle !== "expired");
  const mode = askingCode
    ? "code"
    : failed?.intent === "sign-up"
      ? "sign-up"
      : answer?.ok
        ? "sign-in"
        : searchParams.get("mode") === "sign-up"
          ? "sign-up"
          : "sign-in";
  const errors: FieldErrors = failed?.fieldErrors ?? {};
  const formError = failed?.formError;
  const values: Partial<Record<string, string>> = failed?.values ?? {};
  const signingUp = mode === "sign-up";
  const returnTo = values.returnTo ?? searchParams.get("returnTo") ?? "";
  const notice = answer?.ok && "message" in answer ? answer.message : SIGNED_OUT_REASONS[searchParams.get("signedOut") ?? ""];

  return (
    <AuthScreen
      title={signingUp ? "Create Account" : mode === "code" ? "Two-Factor Verification" : "Sign In"}
      description={
        signingUp
          ? "Sign up to access the admin portal"
          : mode === "code"
            ? "Your account is protected with two-factor sign-in"
            : "Sign in to access the admin portal"
      }
    >
      {notice ? (
        <p role="status" className="mb-4 rounded-md border border-success/40 bg-success/10 p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {formError && !(mode === "code" && errors.code) ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      {mode === "code" ? (
        <TwoFactorSignInForm
          returnTo={returnTo}
          busy={busy}
          method={values.method === "recovery" ? "recovery" : "totp"}
          error={errors.code}
        />
      ) : (
        <Form method="post" className="grid gap-4" key={mode}>
          <input type="hidden" name="intent" value={mode} />
          {!signingUp && returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {signingUp ? (
            <FormField label="Full Name" name="name" error={errors.name} required>
              <Input autoComplete="name" defaultValue={values.name} maxLength={120} />
            </FormField>
          ) : null}
          <FormField label="Email" name="email" error={errors.email} required>
            <Input type="email" autoComplete="email" defaultValue={values.email} maxLength={254} />
          </FormField>
          <FormField label="Password" name="password" error={errors.password} required>
            <Input
              type="password"
              autoComplete={signingUp ? "new-password" : "current-password"}
              minLength={signingUp ? 8 : undefined}
              maxLength={128}
            />
          </FormField>
          <Button type="submit" disabled={busy} className="w-full">
            {signingUp ? (busy ? "Creating account..." : "Create Account") : busy ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {signingUp ? "Already have an account? " : "Don't have an account? "}
        <Link
          className="font-medium text-primary underline-offset-4 hover:underline"
          to={signingUp ? "/auth" : "/auth?mode=sign-up"}
          replace
        >
          {signingUp ? "Sign In" : "Create Account"}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link className="text-muted-foreground underline-offset-4 hover:underline" to="/">
          Back to the website
        </Link>
      </p>
    </AuthScreen>
  );
}
