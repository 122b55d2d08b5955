import { useFormAction } from "~/forms/use-form-action";
import type { RowDeletion } from "~/lists/row-deletion";
import { Switch } from "~/ui/switch";
import type { CadenceListRow } from "./cadences.server";

/** Where the list's forms post. */
const CADENCES_URL = "/admin/cadences";

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
          void fetcher.submit({ intent: "set-status", cadenceId: cadence.id, status: next ? "active" : "paused" }, { method: "post", action: CADENCES_URL })
        }
      />
      <span className={status === "active" ? "" : "text-muted-foreground"}>{status === "active" ? "Active" : "Paused"}</span>
    </label>
  );
}

/** Deleting a cadence from its row's menu. */
export const CADENCE_DELETION: RowDeletion = {
  noun: "cadence",
  plural: "cadences",
  action: CADENCES_URL,
  intent: "delete-cadence",
  field: "cadenceId",
  note: "Leads still in it receive no more of its e-mails; their timelines note the end. What was already sent stays in the e-mail log.",
};
