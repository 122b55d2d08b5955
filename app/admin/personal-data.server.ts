import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { adminTablePreferences } from "./schema";

export const adminPersonalData = declarePersonalData({
  domain: "admin",
  tables: [
    declareTable({
      table: adminTablePreferences,
      columns: { userId: nothingPersonal("an admin account's random id"), tableId: nothingPersonal("which list"), hiddenColumns: nothingPersonal("which columns an admin hid") },
    }),
  ],
});
