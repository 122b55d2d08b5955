import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { DropdownMenuSeparator } from "~/ui/dropdown-menu";
import { DataTable, type DataTableProps } from "./data-table";
import { recordIdOf, type DataTableColumn } from "./data-table-columns";
import { FoldOnPhone } from "./list-fold";
import { ListHeader, type ListHeaderProps } from "./list-header";
import { DeleteRowsDialog, useRowSelection, type RowDeletion } from "./row-deletion";
import { DeleteMenuItem, RowMenu } from "./row-menu";
import { DataTablePager } from "./table-pager";

/**
 * The one list page of the back-office: its header, its filters (kept in the URL, list-filters.tsx),
 * the "N selected" bar with the bulk actions, the server-paged table, a row menu per row
 * (row-menu.tsx), and the spec's delete confirmation (row-deletion.tsx). A list page gives its
 * rows, columns and actions; the mechanics are here, once.
 */
export type ListPageProps<Row> = ListHeaderProps & {
  /** What sits between the header and the table: statistics, the filters (folded away on a phone). */
  children?: React.ReactNode;
  /** What must be read before the rows (a warning): above the figures and filters, never folded. */
  notices?: React.ReactNode;
  table: Omit<DataTableProps<Row>, "selection" | "busy" | "emptyMessage">;
  /** What the table says without rows: `none` for an empty list, `filtered` when the view's filters (`isFiltered`) found nothing. */
  empty: { none: React.ReactNode; filtered?: React.ReactNode; isFiltered?: boolean };
  pager: { previousCursor: string | null; nextCursor: string | null; summary?: React.ReactNode };
  /** Ticking rows: each box's name, and the actions of the "N selected" bar besides deleting. */
  selection?: { rowLabel: (row: Row) => string; actions?: (selectedIds: string[], clear: () => void) => React.ReactNode };
  /** A row's menu: its name, and its items above 'Delete'. */
  rowMenu?: { label: (row: Row) => string; items?: (row: Row) => React.ReactNode };
  /** Rows that may be deleted: 'Delete' in each row's menu and 'Delete Selected' in the bar. */
  deletion?: RowDeletion;
  /**
   * Why a row may not be deleted, when some may not (a template the product sends): its 'Delete'
   * shows disabled with this reason, and 'Delete Selected' leaves it out. Null: it may be deleted.
   */
  deleteRefusal?: (row: Row) => string | null;
  /** The page's own dialogs. */
  dialogs?: React.ReactNode;
};

export function ListPage<Row>({ title, description, links, exportPath, actions, createLink, empty, children, notices, table, pager, selection, rowMenu, deletion, deleteRefusal = () => null, dialogs }: ListPageProps<Row>) {
  const navigation = useNavigation();
  const getRowId = table.getRowId ?? recordIdOf;
  const { selectedIds, setSelectedIds, clear } = useRowSelection(table.rows, getRowId);
  const [deleting, setDeleting] = React.useState<string[] | null>(null);
  const deletableIds = table.rows.filter((row) => selectedIds.includes(getRowId(row)) && deleteRefusal(row) === null).map(getRowId);
  const columns: DataTableColumn<Row>[] = rowMenu
    ? [
        ...table.columns,
        {
          id: "actions",
          header: "Actions",
          srOnlyHeader: true,
          cell: (row) => (
            <RowMenu
              label={rowMenu.label(row)}
              items={() => (
                <>
                  {rowMenu.items?.(row)}
                  {deletion ? (
                    <>
                      {rowMenu.items ? <DropdownMenuSeparator /> : null}
                      <DeleteMenuItem refusal={deleteRefusal(row)} onSelect={() => setDeleting([getRowId(row)])} />
                    </>
                  ) : null}
                </>
              )}
            />
          ),
        },
      ]
    : table.columns;
  return (
    <div className="grid grid-cols-1 gap-6">
      <ListHeader title={title} description={description} links={links} exportPath={exportPath} actions={actions} createLink={createLink} />
      {notices}
      {children ? <FoldOnPhone>{children}</FoldOnPhone> : null}
      {selection && selectedIds.length > 0 ? (
        <div className="flex items-center justify-between rounded-md border bg-muted/50 px-4 py-2">
          <p className="text-sm">{selectedIds.length} selected</p>
          <div className="flex flex-wrap gap-2">
            {selection.actions?.(selectedIds, clear)}
            {deletion && deletableIds.length > 0 ? (
              <Button variant="destructive" size="sm" onClick={() => setDeleting(deletableIds)} icon={Trash2}>
                Delete Selected
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <DataTable
        {...table}
        emptyMessage={empty.isFiltered && empty.filtered ? empty.filtered : empty.none}
        columns={columns}
        busy={navigation.state === "loading"}
        keyboard
        selection={selection ? { selectedIds, onChange: setSelectedIds, rowLabel: selection.rowLabel } : undefined}
      />
      <DataTablePager {...pager} />
      {deletion ? <DeleteRowsDialog rowIds={deleting} deletion={deletion} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={clear} /> : null}
      {dialogs}
    </div>
  );
}
