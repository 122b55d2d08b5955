import { useFormAction } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Textarea } from "~/ui/textarea";

/** Add an address by hand. A refusal (a bad or already listed address) keeps the dialog open with what was typed. */
export function AddSuppressionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "add-suppression", open, onSuccess: () => onOpenChange(false) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>Add Address</DialogTitle>
          <DialogDescription>The address receives no more marketing e-mail. Bookings, invoices and other e-mails it asked for still go.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="add-suppression" />
          <FormField label="E-mail address" name="email" required error={errors.email}>
            <Input type="email" defaultValue={values.email ?? ""} maxLength={254} autoComplete="off" />
          </FormField>
          <FormField label="Note" name="note" error={errors.note} description="Why, for whoever reads the list later (optional).">
            <Textarea defaultValue={values.note ?? ""} rows={2} maxLength={500} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Add Address
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Remove, asked first: the address will receive marketing e-mail again. */
export function RemoveSuppressionDialog({ email, onOpenChange }: { email: string | null; onOpenChange: (open: boolean) => void }) {
  const { fetcher, busy } = useFormAction({ intent: "remove-suppression", open: email !== null, onSuccess: () => onOpenChange(false) });
  return (
    <AlertDialog open={email !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove this address?</AlertDialogTitle>
          <AlertDialogDescription>
            {email} will receive marketing e-mail (cadences, campaigns) again. Only do this if the person asked for it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove-suppression" />
          <input type="hidden" name="email" value={email ?? ""} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Remove
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
