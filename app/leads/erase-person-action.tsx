import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { ConfirmDialog, useConfirmedSubmit } from "~/forms/confirm-submit";

export const DATA_TAB_URL = "/admin/settings/data";

/** 'Erase personal data' on a lead's or client's page: asks first, then posts to the Data tab's action. */
export function ErasePersonAction({ record, id, name }: { record: "lead" | "client"; id: string; name: string }) {
  const { fetcher, busy } = useFormAction({ intent: "erase-person" });
  const { formRef, asking, setAsking, confirm } = useConfirmedSubmit((form) => void fetcher.submit(form, { method: "post", action: DATA_TAB_URL }));
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={DATA_TAB_URL}
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value="erase-person" />
      <input type="hidden" name={record === "lead" ? "leadId" : "clientId"} value={id} />
      <input type="hidden" name="returnTo" value={`/admin/${record}s/${id}`} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Erase personal data
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Erase ${name}'s personal data?`}
        description="Their name, e-mail, phone, messages, notes, e-mails and account are erased or replaced wherever they are held, on every lead and client with this address. Invoices stay with their numbers and totals. This cannot be undone."
        confirmLabel="Erase"
        onConfirm={confirm}
      />
    </fetcher.Form>
  );
}
