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

/** The spec's bulk confirmation: 'You are about to delete N items.' 'This action cannot be undone.' */
export function DeleteProjectsDialog({
  projectIds,
  onOpenChange,
  returnTo,
  onDeleted,
}: {
  projectIds: string[] | null;
  onOpenChange: (open: boolean) => void;
  returnTo: string;
  onDeleted?: () => void;
}) {
  const { fetcher, busy } = useFormAction({
    intent: "delete-projects",
    open: projectIds !== null,
    onSuccess: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });
  const count = projectIds?.length ?? 0;
  return (
    <AlertDialog open={projectIds !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{count === 1 ? "Delete this project?" : "Delete selected projects?"}</AlertDialogTitle>
          <AlertDialogDescription>
            You are about to delete {count} {count === 1 ? "item" : "items"}. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm text-muted-foreground">Their tasks and add-ons are deleted with them; their invoices and consultations stay.</p>
        <fetcher.Form method="post" action="/admin/projects">
          <input type="hidden" name="intent" value="delete-projects" />
          <input type="hidden" name="returnTo" value={returnTo} />
          {(projectIds ?? []).map((id) => (
            <input key={id} type="hidden" name="projectIds" value={id} />
          ))}
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
