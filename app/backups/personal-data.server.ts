import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { nightlyBackups } from "./schema";

/** The backup files themselves hold everything; the Data tab names those older than an erasure (decision 030). */
export const backupsPersonalData = declarePersonalData({
  domain: "backups",
  tables: [declareTable({ table: nightlyBackups, columns: { fileName: nothingPersonal("the night's backup file") } })],
});
