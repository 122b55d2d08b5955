import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";

/** The admin's own password, asked again before a change to their sign-in. */
export function CurrentPasswordField({
  label = "Current password",
  name = "password",
  id,
  error,
}: {
  label?: string;
  name?: string;
  id?: string;
  error: string | undefined;
}) {
  return (
    <FormField label={label} name={name} id={id} error={error} required>
      <Input type="password" autoComplete="current-password" maxLength={128} />
    </FormField>
  );
}

/** The current code from the authenticator app (spaces allowed, hence up to 8 characters). */
export function AppCodeField({ id, error, defaultValue }: { id: string; error: string | undefined; defaultValue?: string }) {
  return (
    <FormField label="Code from the app" name="code" id={id} error={error} required>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} defaultValue={defaultValue} />
    </FormField>
  );
}
