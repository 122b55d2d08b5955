import type { FormResult } from "~/forms/form-result";
import { useFormAction } from "~/forms/use-form-action";
import { HoneypotField } from "~/request-safety/honeypot-field";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { signInLinkSentText } from "./portal-texts";

/**
 * Asking for a sign-in link: one address, the same answer for every address. Posts to /portal's
 * action through a fetcher, or as a plain form without JavaScript (`initial` is then its answer).
 */
export function SignInForm({ initial, notice }: { initial?: FormResult<{ sentTo?: string }>; notice?: string }) {
  const { fetcher, busy, errors, values, formError, succeeded } = useFormAction<{ sentTo?: string }>({ intent: "request-link", initial });
  return (
    <section aria-labelledby="sign-in-title" className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
      <div className="grid gap-1">
        <h1 id="sign-in-title" className="text-2xl font-bold tracking-tight">
          Sign in to your client portal
        </h1>
        <p className="text-muted-foreground">Your projects, invoices, calls and our messages in one place. We e-mail you a link: no password to remember.</p>
      </div>
      {notice ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {succeeded?.sentTo ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/5 p-3 text-sm">
          {signInLinkSentText(succeeded.sentTo)}
        </p>
      ) : null}
      <fetcher.Form method="post" action="/portal?index" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="request-link" />
        <HoneypotField id="portal-website" />
        <FormField label="Your e-mail address" name="email" id="portal-email" error={errors.email} required>
          <Input type="email" autoComplete="email" inputMode="email" maxLength={254} defaultValue={values.email} />
        </FormField>
        <FormError message={formError} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : "E-mail me a sign-in link"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
