import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import type { RowDeletion } from "~/lists/row-deletion";

/**
 * What a template's row and its page both offer besides editing: 'Clone' and 'Delete'. A system
 * template (the product sends it) shows 'Delete' disabled with the reason (`templateDeleteRefusal`);
 * a template a cadence step sends is refused by the server, naming the cadences.
 */

/** Deleting a template, posted to `action` (the list, or the template's own page). */
export function templateDeletion(action: string): RowDeletion {
  return { noun: "template", plural: "templates", action, intent: "delete-template", field: "templateId", note: "Its saved versions go with it." };
}

/** 'Clone', posted to `action`: the list stays where it was; the template's page opens the copy. */
export function useCloneTemplate(action: string) {
  const { fetcher, busy } = useFormAction({ intent: "clone-template" });
  const clone = React.useCallback(
    (templateId: string, returnTo?: string) =>
      void fetcher.submit({ intent: "clone-template", templateId, ...(returnTo ? { returnTo } : {}) }, { method: "post", action }),
    [fetcher, action],
  );
  return { clone, busy };
}
