import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import { Link, useSearchParams } from "react-router";
import { NativeCheckbox } from "~/ui/checkbox";
import { TableHead } from "~/ui/table";
import type { DataTableColumn, DataTableSelection } from "./data-table-columns";
import { sortHref, type TableSort } from "./list-view";

/** "Select all on this page": ticks (or unticks) this page's rows, keeping those ticked on other pages. */
export function SelectAllHead<Row>({ selection, pageIds }: { selection: DataTableSelection<Row>; pageIds: string[] }) {
  const selectedOnPage = pageIds.filter((id) => selection.selectedIds.includes(id));
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;
  return (
    <TableHead data-sticky="select">
      <NativeCheckbox
        aria-label="Select all on this page"
        checked={allSelected}
        ref={(element) => {
          if (element) element.indeterminate = someSelected;
        }}
        onChange={(event) => {
          const others = selection.selectedIds.filter((id) => !pageIds.includes(id));
          selection.onChange(event.target.checked ? [...others, ...pageIds] : others);
        }}
      />
    </TableHead>
  );
}

/** A column's header: a link to the next sort when it sorts, else its text (hidden but read when `srOnlyHeader`). */
export function ColumnHead<Row>({ column, sort, first }: { column: DataTableColumn<Row>; sort?: TableSort; first: boolean }) {
  const [searchParams] = useSearchParams();
  const sorted = sort?.key === column.id ? sort.direction : null;
  return (
    <TableHead
      className={column.className}
      data-sticky={first ? "first" : undefined}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
    >
      {column.sortable && sort ? (
        <Link to={sortHref(searchParams, sort, column.id)} preventScrollReset>
          {column.header}
          {sorted === "asc" ? (
            <ArrowUp className="size-3.5" aria-hidden="true" />
          ) : sorted === "desc" ? (
            <ArrowDown className="size-3.5" aria-hidden="true" />
          ) : (
            <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
          )}
        </Link>
      ) : column.srOnlyHeader ? (
        <span className="sr-only">{column.header}</span>
      ) : (
        column.header
      )}
    </TableHead>
  );
}
