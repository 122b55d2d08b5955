import * as React from "react";
import { useLocation } from "react-router";
import { ConfirmDialog } from "~/forms/form-dialog";
import type { HiddenFields } from "~/forms/hidden-inputs";

export type RowDeletion = {
  /** What a row is, as the confirmation names it: 'lead' and 'leads'. */
  noun: string;
  plural: string;
  /** Where the delete posts, its intent, and the field that carries the ids (repeated). */
  action: string;
  intent: string;
  field: string;
  /** What else goes or stays (under the spec's two sentences). */
  note?: React.ReactNode;
  fields?: HiddenFields;
};

/** The spec's delete confirmation, for one row or the selected ones. */
export function DeleteRowsDialog({
  rowIds,
  deletion,
  onOpenChange,
  onDeleted,
}: {
  rowIds: readonly string[] | null;
  deletion: RowDeletion;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const location = useLocation();
  // While it closes it still names the rows it asked about, not "0 items".
  const [asked, setAsked] = React.useState(rowIds);
  if (rowIds !== null && rowIds.join() !== asked?.join()) setAsked(rowIds);
  const count = (rowIds ?? asked)?.length ?? 0;
  return (
    <ConfirmDialog
      open={rowIds !== null}
      onOpenChange={onOpenChange}
      title={count === 1 ? `Delete this ${deletion.noun}?` : `Delete selected ${deletion.plural}?`}
      description={`You are about to delete ${count} ${count === 1 ? "item" : "items"}. This action cannot be undone.`}
      action={deletion.action}
      intent={deletion.intent}
      fields={{ ...deletion.fields, returnTo: `${location.pathname}${location.search}`, [deletion.field]: rowIds ?? [] }}
      confirmLabel="Delete"
      onSuccess={onDeleted}
    >
      {deletion.note ? <p className="text-sm text-muted-foreground">{deletion.note}</p> : null}
    </ConfirmDialog>
  );
}

/** The rows ticked on this page: rows that left the page (deleted, paged away) drop out. */
export function useRowSelection<Row>(rows: readonly Row[], getRowId: (row: Row) => string) {
  const [ticked, setSelectedIds] = React.useState<string[]>([]);
  const selectedIds = React.useMemo(() => {
    const onPage = new Set(rows.map(getRowId));
    return ticked.filter((id) => onPage.has(id));
  }, [ticked, rows, getRowId]);
  return { selectedIds, setSelectedIds, clear: () => setSelectedIds([]) };
}
