import { useFormAction } from "~/forms/use-form-action";
import { ConfirmDialog, useConfirmedSubmit } from "~/forms/confirm-submit";
import { DropdownMenuItem } from "~/ui/dropdown-menu";

export const DATA_TAB_URL = "/admin/settings/data";

/**
 * 'Erase personal data' on a lead's or client's page: an item of the page's "More" menu (decision
 * 049) that asks first, then posts to the Data tab's action. The page holds the dialog's state.
 */
export function ErasePersonMenuItem({ onSelect }: { onSelect: () => void }) {
  return (
    <DropdownMenuItem variant="destructive" onSelect={onSelect}>
      Erase personal data
    </DropdownMenuItem>
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
