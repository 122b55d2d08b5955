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
import { Switch } from "~/ui/switch";
import type { CadenceListRow } from "./cadences.server";

/** Active/paused, switched in place; shows the new state while the request is on its way. */
export function CadenceStatusSwitch({ cadence }: { cadence: Pick<CadenceListRow, "id" | "name" | "status"> }) {
  const { fetcher } = useFormAction({ intent: "set-status" });
  const optimistic = fetcher.formData?.get("status");
  const status = typeof optimistic === "string" ? optimistic : cadence.status;
  return (
    <label className="flex items-center gap-2 text-sm">
      <Switch
        checked={status === "active"}
        aria-label={`${cadence.name} active`}
        onCheckedChange={(next) =>
          void fetcher.submit({ intent: "set-status", cadenceId: cadence.id, status: next ? "active" : "paused" }, { method: "post", action: "/admin/cadences" })
        }
      />
      <span className={status === "active" ? "" : "text-muted-foreground"}>{status === "active" ? "Active" : "Paused"}</span>
    </label>
  );
}

export function DeleteCadenceDialog({ cadence, onOpenChange }: { cadence: CadenceListRow | null; onOpenChange: (open: boolean) => void }) {
  const { fetcher, busy } = useFormAction({ intent: "delete-cadence", open: cadence !== null, onSuccess: () => onOpenChange(false) });
  const active = cadence?.activeEnrolments ?? 0;
  return (
    <AlertDialog open={cadence !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this cadence?</AlertDialogTitle>
          <AlertDialogDescription>
            {cadence?.name} stops for good.{" "}
            {active > 0 ? `${active} lead(s) still in it will receive no more of its e-mails; their timelines note the end. ` : ""}
            What was already sent stays in the e-mail log. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" action="/admin/cadences">
          <input type="hidden" name="intent" value="delete-cadence" />
          <input type="hidden" name="cadenceId" value={cadence?.id ?? ""} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
