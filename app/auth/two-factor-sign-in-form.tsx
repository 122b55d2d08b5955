import { Form } from "react-router";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";

type Props = { returnTo: string; busy: boolean; method: "totp" | "recovery"; error: string | undefined };

/**
 * The second step of signing in with two-factor on: the authenticator app's current code, or
 * (device lost) one of the ten recovery codes. Two plain forms, so it works without JavaScript.
 */
export function TwoFactorSignInForm({ returnTo, busy, method, error }: Props) {
  return (
    <div className="grid gap-6">
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="method" value="totp" />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <FormField
          label="Authentication code"
          name="code"
          id="totp-code"
          error={method === "totp" ? error : undefined}
          description="Enter the 6-digit code from your authenticator app."
          required
        >
          <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={8} autoFocus />
        </FormField>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <details open={method === "recovery"} className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Use a recovery code instead</summary>
        <Form method="post" className="mt-3 grid gap-4">
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="method" value="recovery" />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <FormField
            label="Recovery code"
            name="code"
            id="recovery-code"
            error={method === "recovery" ? error : undefined}
            description="Each of your ten recovery codes works once."
            required
          >
            <Input autoComplete="off" maxLength={64} />
          </FormField>
          <Button type="submit" variant="outline" disabled={busy} className="w-full">
            Use recovery code
          </Button>
        </Form>
      </details>
    </div>
  );
}
