/**
 * The back-office tables whose columns an admin may hide, and which ones. Pure: read by the data
 * table (what its "Columns" menu offers) and by the action that saves the choice (what it accepts).
 * A table's first column (what names the row) and its row actions are never listed: they stay.
 */
export const TABLE_COLUMNS = {
  leads: ["email", "phone", "source", "tier", "status", "promoCode", "daysLeft", "promoStatus", "booking", "created"],
  clients: ["email", "phone", "tier", "status", "payment", "projectLink", "created"],
  consultations: ["type", "date", "time", "project", "status"],
  invitations: ["status", "booked", "sent"],
  bookings: ["time", "status", "meetingLink"],
} as const satisfies Record<string, readonly string[]>;

export type TableId = keyof typeof TABLE_COLUMNS;

export const TABLE_IDS = Object.keys(TABLE_COLUMNS) as [TableId, ...TableId[]];

/** Each table's hidden columns, for the tables the admin changed; a table not listed shows everything. */
export type HiddenColumnsByTable = Partial<Record<TableId, string[]>>;

export function isTableId(value: string): value is TableId {
  return Object.hasOwn(TABLE_COLUMNS, value);
}

export function isHideableColumn(tableId: TableId, columnId: string): boolean {
  return (TABLE_COLUMNS[tableId] as readonly string[]).includes(columnId);
}

/**
 * The hidden columns that still apply: hideable in this table, once each, in the table's order.
 * A stored id the table no longer has (a column renamed or removed) is ignored, not an error.
 */
export function hiddenColumnsOf(tableId: TableId, stored: readonly string[]): string[] {
  return TABLE_COLUMNS[tableId].filter((columnId) => stored.includes(columnId));
}

/** The ids of the columns to render, in their order: everything not hidden, and always the ones that cannot be hidden. */
export function visibleColumnIds(tableId: TableId, columnIds: readonly string[], stored: readonly string[]): string[] {
  const hidden = new Set(hiddenColumnsOf(tableId, stored));
  return columnIds.filter((columnId) => !hidden.has(columnId));
}

/** The hidden list after one checkbox of the menu: `shown` true takes the column out, false adds it. */
export function toggleHiddenColumn(tableId: TableId, stored: readonly string[], columnId: string, shown: boolean): string[] {
  const current = hiddenColumnsOf(tableId, stored);
  if (!isHideableColumn(tableId, columnId)) return current;
  return hiddenColumnsOf(tableId, shown ? current.filter((id) => id !== columnId) : [...current, columnId]);
}
