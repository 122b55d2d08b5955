import { ConfirmDialog, FormDialog } from "~/forms/form-dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Textarea } from "~/ui/textarea";

/** Where the suppression list's forms post. */
const SUPPRESSIONS_URL = "/admin/emails/suppressions";

/** Add an address by hand. A refusal (a bad or already listed address) keeps the dialog open with what was typed. */
export function AddSuppressionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Address"
      description="The address receives no more marketing e-mail. Bookings, invoices and other e-mails it asked for still go."
      action={SUPPRESSIONS_URL}
      intent="add-suppression"
      submitLabel="Add Address"
      width="md"
    >
      {({ errors, values }) => (
        <>
          <FormField label="E-mail address" name="email" required error={errors.email}>
            <Input type="email" defaultValue={values.email ?? ""} maxLength={254} autoComplete="off" />
          </FormField>
          <FormField label="Note" name="note" error={errors.note} description="Why, for whoever reads the list later (optional).">
            <Textarea defaultValue={values.note ?? ""} rows={2} maxLength={500} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

/** Remove, asked first: the address will receive marketing e-mail again. */
export function RemoveSuppressionDialog({ email, onOpenChange }: { email: string | null; onOpenChange: (open: boolean) => void }) {
  return (
    <ConfirmDialog
      open={email !== null}
      onOpenChange={onOpenChange}
      title="Remove this address?"
      description={`${email ?? ""} will receive marketing e-mail (cadences, campaigns) again. Only do this if the person asked for it.`}
      action={SUPPRESSIONS_URL}
      intent="remove-suppression"
      fields={{ email }}
      confirmLabel="Remove"
    />
  );
}
