import * as React from "react";
import Columns3 from "lucide-react/icons/columns-3";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/ui/dropdown-menu";
import type { DataTableColumn } from "./data-table-columns";
import { hiddenColumnsOf, isHideableColumn, toggleHiddenColumn, type HiddenColumnsByTable, type TableId } from "./table-columns";
import { TABLE_COLUMNS_URL } from "./table-columns-form";

/** The signed-in admin's hidden columns, per table: provided by the admin layout from its loader. */
export const TableColumnPreferences = React.createContext<HiddenColumnsByTable>({});

/**
 * The columns hidden in this table: while a change is on its way, the one posted (so a column hides
 * at once); otherwise the admin's saved choice.
 */
export function useHiddenColumns(tableId: TableId | undefined) {
  const saved = React.useContext(TableColumnPreferences);
  const form = useFormAction({
    intent: "hide-columns",
    key: `table-columns:${tableId ?? "none"}`,
  });
  const posted = form.fetcher.formData;
  const hidden = !tableId
    ? []
    : posted && posted.get("tableId") === tableId
      ? hiddenColumnsOf(tableId, posted.getAll("hidden").map(String))
      : (saved[tableId] ?? []);
  const save = (next: string[]) => {
    if (!tableId) return;
    const body = new FormData();
    body.set("intent", "hide-columns");
    body.set("tableId", tableId);
    for (const columnId of next) body.append("hidden", columnId);
    void form.fetcher.submit(body, {
      method: "post",
      action: TABLE_COLUMNS_URL,
    });
  };
  return { hidden, save };
}

/** "Columns": a menu of checkboxes, one per column that may be hidden; the first column shows, ticked and fixed. */
export function ColumnsMenu<Row>({
  tableId,
  label,
  columns,
  hidden,
  onChange,
}: {
  tableId: TableId;
  label: string;
  columns: DataTableColumn<Row>[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const [first] = columns;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Columns of ${label}`} icon={Columns3}>
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {first ? (
          <DropdownMenuCheckboxItem checked disabled>
            {first.header}
          </DropdownMenuCheckboxItem>
        ) : null}
        {columns
          .filter((column) => isHideableColumn(tableId, column.id))
          .map((column) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={!hidden.includes(column.id)}
              // The menu stays open: several columns are usually changed together.
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(shown) => onChange(toggleHiddenColumn(tableId, hidden, column.id, shown === true))}
            >
              {column.header}
            </DropdownMenuCheckboxItem>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
