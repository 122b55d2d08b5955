import { z } from "~/forms/zod";
import { isHideableColumn, TABLE_IDS } from "./table-columns";

/** The URL the data table's "Columns" menu posts to (app/admin/table-columns-route.ts). */
export const TABLE_COLUMNS_URL = "/admin/table-columns";

/** 'Columns' menu: the table and the whole list of its hidden columns (none posted: all shown). */
export const hiddenColumnsSchema = z
  .object({
    tableId: z.enum(TABLE_IDS, { error: "Unknown table" }),
    hidden: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : typeof value === "string" ? [value] : value)),
  })
  .superRefine((form, context) => {
    const unknown = form.hidden.filter((columnId) => !isHideableColumn(form.tableId, columnId));
    if (unknown.length > 0) context.addIssue({ code: "custom", path: ["hidden"], message: "This column cannot be hidden" });
  });
export type HiddenColumnsInput = z.infer<typeof hiddenColumnsSchema>;
