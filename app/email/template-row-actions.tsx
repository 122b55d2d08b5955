import { Copy, Trash2 } from "lucide-react";
import * as React from "react";
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

type TemplateRef = { id: string; name: string; key: string | null };

/** 'Clone': posts to `action` (the list, or the editor, which then opens the copy). */
export function CloneTemplateButton({ template, action, returnTo, size = "sm" }: { template: TemplateRef; action: string; returnTo?: string; size?: "sm" | "default" }) {
  const { fetcher, busy } = useFormAction({ intent: "clone-template", key: `clone-${template.id}` });
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value="clone-template" />
      <input type="hidden" name="templateId" value={template.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <Button type="submit" size={size} variant="outline" disabled={busy} aria-label={`Clone ${template.name}`}>
        <Copy className="size-4" aria-hidden="true" /> Clone
      </Button>
    </fetcher.Form>
  );
}

/**
 * 'Delete', asked first. A system template says at once why it stays; a template a cadence uses is
 * refused by the server with the cadences' names, shown in the dialog.
 */
export function DeleteTemplateButton({ template, action, returnTo, size = "sm" }: { template: TemplateRef; action: string; returnTo?: string; size?: "sm" | "default" }) {
  const [open, setOpen] = React.useState(false);
  const { fetcher, busy, formError } = useFormAction({ intent: "delete-template", key: `delete-${template.id}`, open, onSuccess: () => setOpen(false) });
  return (
    <>
      <Button type="button" size={size} variant="ghost" onClick={() => setOpen(true)} aria-label={`Delete ${template.name}`}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{template.key ? "This template cannot be deleted" : "Delete template?"}</AlertDialogTitle>
            <AlertDialogDescription>
              {template.key
                ? `“${template.name}” is a system template: the product sends it, so it cannot be deleted. You can edit its text instead.`
                : `You are about to delete “${template.name}” and its saved versions. This action cannot be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {formError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          ) : null}
          <fetcher.Form method="post" action={action} noValidate>
            <input type="hidden" name="intent" value="delete-template" />
            <input type="hidden" name="templateId" value={template.id} />
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            <AlertDialogFooter>
              <AlertDialogCancel type="button">{template.key ? "Close" : "Cancel"}</AlertDialogCancel>
              {template.key ? null : (
                <Button type="submit" variant="destructive" disabled={busy}>
                  Delete
                </Button>
              )}
            </AlertDialogFooter>
          </fetcher.Form>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
