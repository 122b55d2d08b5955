import { useFormAction } from "~/forms/use-form-action";
import { ConfirmDialog, useConfirmedSubmit } from "~/forms/confirm-submit";
import Trash2 from "lucide-react/icons/trash";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { MoreActionsMenu } from "~/ui/more-actions-menu";

export const DATA_TAB_URL = "/admin/settings/data";

/**
 * The "More" menu of a lead's or client's page (decision 049): 'Erase personal data' and 'Delete',
 * each opening its page's confirmation; the page holds the dialogs' state.
 */
export function PersonMoreActions({ name, onErase, onDelete }: { name: string; onErase: () => void; onDelete: () => void }) {
  return (
    <MoreActionsMenu label={`More actions for ${name}`}>
      <DropdownMenuItem variant="destructive" onSelect={onErase}>
        Erase personal data
      </DropdownMenuItem>
      <DropdownMenuItem variant="destructive" onSelect={onDelete}>
        <Trash2 aria-hidden="true" /> Delete
      </DropdownMenuItem>
    </MoreActionsMenu>
  );
}

export function ErasePersonDialog({ record, id, name, open, onOpenChange }: { record: "lead" | "client"; id: string; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { fetcher } = useFormAction({ intent: "erase-person" });
  const { formRef, confirm } = useConfirmedSubmit((form) => void fetcher.submit(form, { method: "post", action: DATA_TAB_URL }));
  return (
    <fetcher.Form ref={formRef} method="post" action={DATA_TAB_URL} hidden>
      <input type="hidden" name="intent" value="erase-person" />
      <input type="hidden" name={record === "lead" ? "leadId" : "clientId"} value={id} />
      <input type="hidden" name="returnTo" value={`/admin/${record}s/${id}`} />
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Erase ${name}'s personal data?`}
        description="Their name, e-mail, phone, messages, notes, e-mails and account are erased or replaced wherever they are held, on every lead and client with this address. Invoices stay with their numbers and totals. This cannot be undone."
        confirmLabel="Erase"
        onConfirm={() => {
          onOpenChange(false);
          confirm();
        }}
      />
    </fetcher.Form>
  );
}
