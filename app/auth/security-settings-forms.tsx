import { Link } from "react-router";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { SESSION_TIMEOUT_LIMITS } from "./security-forms";
import { CurrentPasswordField } from "./credential-fields";

export function SecuritySettingsForm({ require2fa, sessionTimeoutMinutes }: { require2fa: boolean; sessionTimeoutMinutes: number }) {
  const save = useFormAction({ intent: "save-settings" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in rules</CardTitle>
        <CardDescription>
          For every admin. Each change is recorded in the{" "}
          <Link to="/admin/settings/security/audit" className="font-medium text-primary underline-offset-4 hover:underline">
            Audit log
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <save.fetcher.Form method="post" noValidate className="grid max-w-md gap-4">
          <input type="hidden" name="intent" value="save-settings" />
          <label className="flex items-start gap-3 text-sm">
            <NativeCheckbox name="require2fa" defaultChecked={save.values.require2fa ? save.values.require2fa === "on" : require2fa} className="mt-0.5" />
            <span>
              <span className="font-medium">Require two-factor sign-in</span>
              <span className="block text-muted-foreground">Admins without it are sent to set it up before any other page.</span>
            </span>
          </label>
          <FormField
            label="Session timeout (minutes)"
            name="sessionTimeoutMinutes"
            error={save.errors.sessionTimeoutMinutes}
            description="An admin idle this long must sign in again."
            required
          >
            <Input
              type="number"
              inputMode="numeric"
              min={SESSION_TIMEOUT_LIMITS.min}
              max={SESSION_TIMEOUT_LIMITS.max}
              step={1}
              defaultValue={save.values.sessionTimeoutMinutes ?? String(sessionTimeoutMinutes)}
              className="max-w-32"
            />
          </FormField>
          <Button type="submit" disabled={save.busy} className="justify-self-start">
            {save.busy ? "Saving..." : "Save Settings"}
          </Button>
        </save.fetcher.Form>
      </CardContent>
    </Card>
  );
}

export function ChangePasswordForm() {
  const change = useFormAction({ intent: "change-password" });
  return (
    <TitledCard title="Change password" description="Your other sessions are signed out when the password changes.">
      <change.fetcher.Form method="post" noValidate className="grid max-w-sm gap-4">
        <input type="hidden" name="intent" value="change-password" />
        <CurrentPasswordField name="currentPassword" error={change.errors.currentPassword} />
        <FormField label="New password" name="newPassword" error={change.errors.newPassword} required>
          <Input type="password" autoComplete="new-password" minLength={8} maxLength={128} />
        </FormField>
        <FormField label="Confirm new password" name="confirmPassword" error={change.errors.confirmPassword} required>
          <Input type="password" autoComplete="new-password" minLength={8} maxLength={128} />
        </FormField>
        <Button type="submit" disabled={change.busy} className="justify-self-start">
          {change.busy ? "Changing..." : "Change password"}
        </Button>
      </change.fetcher.Form>
    </TitledCard>
  );
}
