import type { ReactElement } from "react";
import { Form } from "react-router";
import { HiddenInputs } from "~/forms/hidden-inputs";
import { Button } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { FormField, type FormFieldControlProps } from "~/ui/form-field";
import { Input } from "~/ui/input";

type Method = "totp" | "recovery";

type Props = { returnTo: string; busy: boolean; method: Method; error: string | undefined };

/**
 * The second step of signing in with two-factor on: the authenticator app's current code, or
 * (device lost) one of the ten recovery codes. Two plain forms, so it works without JavaScript.
 */
export function TwoFactorSignInForm({ returnTo, busy, method, error }: Props) {
  const shared = { returnTo, busy, error: (of: Method) => (method === of ? error : undefined) };
  return (
    <div className="grid gap-6">
      <CodeForm {...shared} method="totp" label="Authentication code" description="Enter the 6-digit code from your authenticator app.">
        <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={8} autoFocus />
      </CodeForm>
      <details open={method === "recovery"} className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Use a recovery code instead</summary>
        <CodeForm {...shared} method="recovery" label="Recovery code" description="Each of your ten recovery codes works once." className="mt-3">
          <Input autoComplete="off" maxLength={64} />
        </CodeForm>
      </details>
    </div>
  );
}

/** One way of giving the second factor: its code field and its button. */
function CodeForm({
  returnTo,
  busy,
  error,
  method,
  label,
  description,
  className,
  children,
}: Omit<Props, "error" | "method"> & { error: (of: Method) => string | undefined; method: Method; label: string; description: string; className?: string; children: ReactElement<FormFieldControlProps> }) {
  return (
    <Form method="post" className={cn("grid gap-4", className)}>
      <HiddenInputs fields={{ intent: "verify-code", method, returnTo: returnTo || null }} />
      <FormField label={label} name="code" id={`${method}-code`} error={error(method)} description={description} required>
        {children}
      </FormField>
      <Button type="submit" variant={method === "totp" ? "default" : "outline"} disabled={busy} className="w-full">
        {method === "totp" ? (busy ? "Verifying..." : "Verify") : "Use recovery code"}
      </Button>
    </Form>
  );
}
