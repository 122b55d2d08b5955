import { APIError } from "better-auth/api";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { redirectWithToast } from "~/ui/flash.server";
import { FormField } from "~/ui/form-field";
import { checkForm, type FieldErrors } from "~/forms/form-result";
import { Input } from "~/ui/input";
import type { Route } from "./+types/auth-page";
import { safeAdminReturnPath, signInSchema, signUpSchema } from "./auth-forms";
import { getAuth } from "./auth.server";
import { findUserByEmail } from "./roles.server";
import { getSignedInUser, homeFor } from "./guard.server";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Admin portal" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await getSignedInUser(request);
  if (signedIn) throw redirect(await homeFor(signedIn.id));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a broken multipart post) is refused with 400, never a 500.
  const form = await request.formData().catch(() => null);
  if (!form) {
    const unread = { mode: "sign-in" as const, ok: false as const, fieldErrors: { form: "The form could not be read. Please try again." }, values: {}, message: null };
    return data(unread, { status: 400 });
  }
  const auth = await getAuth();
  if (form.get("intent") === "sign-up") {
    const checked = checkForm(signUpSchema, form);
    if (!checked.ok) return data({ mode: "sign-up" as const, ...checked, message: null }, { status: 400 });
    try {
      await auth.api.signUpEmail({ body: checked.data, headers: request.headers });
    } catch (error) {
      const message = error instanceof APIError ? error.message : "Could not create the account. Please try again.";
      return data({ mode: "sign-up" as const, ok: false as const, fieldErrors: { form: message }, values: checked.data, message: null }, { status: 400 });
    }
    return { mode: "sign-in" as const, ok: true as const, message: "Account created successfully. You can now sign in." };
  }

  const checked = checkForm(signInSchema, form);
  if (!checked.ok) return data({ mode: "sign-in" as const, ...checked, message: null }, { status: 400 });
  const { email, password, redirectTo } = checked.data;
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    const account = await findUserByEmail(email);
    const home = account ? await homeFor(account.id) : "/";
    const destination = home === "/admin" ? (safeAdminReturnPath(redirectTo) ?? "/admin") : "/";
    return redirectWithToast(destination, { type: "success", title: "Welcome back!" }, { headers });
  } catch (error) {
    const message =
      error instanceof APIError && error.status === "UNAUTHORIZED"
        ? "Invalid email or password"
        : error instanceof APIError
          ? error.message
          : "Could not sign in. Please try again.";
    return data(
      { mode: "sign-in" as const, ok: false as const, fieldErrors: { form: message }, values: { email }, message: null },
      { status: 400 },
    );
  }
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mode = actionData?.mode ?? (searchParams.get("mode") === "sign-up" ? "sign-up" : "sign-in");
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors: FieldErrors = failed?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = failed?.values ?? {};
  const signingUp = mode === "sign-up";
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold">{signingUp ? "Create Account" : "Sign In"}</h1>
          <CardDescription>
            {signingUp ? "Sign up to access the admin portal" : "Sign in to access the admin portal"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.ok && actionData.message ? (
            <p role="status" className="mb-4 rounded-md border border-success/40 bg-success/10 p-3 text-sm">
              {actionData.message}
            </p>
          ) : null}
          {errors.form ? (
            <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <Form method="post" className="grid gap-4" key={mode}>
            <input type="hidden" name="intent" value={mode} />
            {!signingUp && redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
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
        </CardContent>
      </Card>
    </main>
  );
}
