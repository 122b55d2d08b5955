import { useState } from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { AppCodeField, CurrentPasswordField } from "./credential-fields";

type Enrolment = { secret: string; qrSvg: string; recoveryCodes: string[] };

/** Ten recovery codes, shown once right after two-factor is turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-md border border-warning/40 bg-warning/10 p-4" role="region" aria-label="Recovery codes">
      <p className="text-sm font-medium">Save these recovery codes now. Each works once if you lose your device; they will not be shown again.</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

/** Enrol: password → QR code and secret → a code from the app confirms it. */
function EnrolTwoFactor({ onStarted }: { onStarted: (recoveryCodes: string[]) => void }) {
  const start = useFormAction<{ enrolment?: Enrolment }>({
    intent: "start-two-factor",
    onSuccess: (answer) => onStarted(answer?.ok ? (answer.enrolment?.recoveryCodes ?? []) : []),
  });
  const enrolment = start.fetcher.data?.ok ? start.fetcher.data.enrolment : undefined;
  const confirm = useFormAction({ intent: "confirm-two-factor" });
  if (!enrolment) {
    return (
      <start.fetcher.Form method="post" noValidate className="grid max-w-sm gap-4">
        <input type="hidden" name="intent" value="start-two-factor" />
        <CurrentPasswordField id="enrol-password" error={start.errors.password} />
        <Button type="submit" disabled={start.busy} className="justify-self-start">
          {start.busy ? "Setting up..." : "Set up two-factor sign-in"}
        </Button>
      </start.fetcher.Form>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret into it.</p>
      {/* The SVG is made on our server by the qrcode library from the TOTP URI; it holds no markup from users. */}
      <div className="size-48 rounded-md border bg-white p-2" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
      <p className="text-sm">
        Secret: <code className="rounded bg-muted px-2 py-1 font-mono break-all" data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <confirm.fetcher.Form method="post" noValidate className="grid max-w-sm gap-4">
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <AppCodeField id="confirm-code" error={confirm.errors.code} defaultValue={confirm.values.code} />
        <Button type="submit" disabled={confirm.busy} className="justify-self-start">
          {confirm.busy ? "Verifying..." : "Turn on two-factor sign-in"}
        </Button>
      </confirm.fetcher.Form>
    </div>
  );
}

function DisableTwoFactor() {
  const disable = useFormAction({ intent: "disable-two-factor" });
  return (
    <disable.fetcher.Form method="post" noValidate className="grid max-w-sm gap-4">
      <input type="hidden" name="intent" value="disable-two-factor" />
      <CurrentPasswordField id="disable-password" error={disable.errors.password} />
      <AppCodeField id="disable-code" error={disable.errors.code} />
      <Button type="submit" variant="destructive" disabled={disable.busy} className="justify-self-start">
        Turn off two-factor sign-in
      </Button>
    </disable.fetcher.Form>
  );
}

export function TwoFactorPanel({ enabled, required }: { enabled: boolean; required: boolean }) {
  // Kept from the start of enrolment and shown once two-factor is on (after the code is confirmed).
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor sign-in <Badge variant={enabled ? "success" : "secondary"}>{enabled ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>
          {enabled
            ? "Signing in asks for a code from your authenticator app after your password."
            : required
              ? "Two-factor sign-in is required for every admin. Set it up to use the back-office."
              : "Protect your account with a code from an authenticator app after your password."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {enabled && recoveryCodes && recoveryCodes.length > 0 ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
        {enabled ? <DisableTwoFactor /> : <EnrolTwoFactor onStarted={setRecoveryCodes} />}
      </CardContent>
    </Card>
  );
}
