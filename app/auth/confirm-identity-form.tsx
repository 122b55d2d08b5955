import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { AppCodeField, CurrentPasswordField } from "./credential-fields";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** What the server says of this session's "confirm it's you" (recent-confirmation.server.ts). */
export type ConfirmationState = { confirmedUntil: Date | string | null; twoFactorEnabled: boolean };

// The route that checks the confirmation (auth/confirm-identity-page.tsx); a plain constant, so the browser bundle needs no server module.
const CONFIRM_ACTION = "/admin/confirm";

/** Password, and the current code with two-factor on; afterwards the browser goes (a whole page load) to `returnTo`. */
export function ConfirmIdentityForm({ twoFactorEnabled, returnTo }: { twoFactorEnabled: boolean; returnTo: string }) {
  const confirm = useFormAction({ intent: "confirm-identity" });
  return (
    <confirm.fetcher.Form method="post" action={CONFIRM_ACTION} noValidate className="grid max-w-sm gap-4">
      <HiddenInputs fields={{ intent: "confirm-identity", returnTo }} />
      <CurrentPasswordField label="Your password" id="confirm-password" error={confirm.errors.password} />
      {twoFactorEnabled ? <AppCodeField id="confirm-code" error={confirm.errors.code} /> : null}
      <Button type="submit" disabled={confirm.busy} className="justify-self-start">
        {confirm.busy ? "Confirming..." : "Confirm it's you"}
      </Button>
    </confirm.fetcher.Form>
  );
}

/** What a page's confirmation is for: `asking` what asks for it ("Downloading the backup…"), `held` what it then lets through. */
export type ConfirmationPurpose = { asking: string; held: string };

/**
 * A page's card in front of what hands over everything or changes who may sign in: asks for the
 * password (and code) until this session has confirmed within the last 5 minutes, then says until
 * when it holds.
 */
export function ConfirmIdentityCard({ confirmation, returnTo, timeZone, purpose }: { confirmation: ConfirmationState; returnTo: string; timeZone: string; purpose: ConfirmationPurpose }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirm it's you</CardTitle>
        <CardDescription>
          {confirmation.confirmedUntil
            ? `Confirmed: ${purpose.held} without asking again until ${formatDateTime(confirmation.confirmedUntil, timeZone)}.`
            : `${purpose.asking} asks for your password${confirmation.twoFactorEnabled ? " and the code from your app" : ""} again, once every 5 minutes.`}
        </CardDescription>
      </CardHeader>
      {confirmation.confirmedUntil ? null : (
        <CardContent>
          <ConfirmIdentityForm twoFactorEnabled={confirmation.twoFactorEnabled} returnTo={returnTo} />
        </CardContent>
      )}
    </Card>
  );
}
