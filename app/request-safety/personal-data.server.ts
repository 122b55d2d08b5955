import { declareTable, deletedWithRow, keyNamesAddress } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { rateLimitCounters } from "./schema";

/** A counter whose key names the person's address (`inquiry:email:ann@example.com`) goes. */
export const requestSafetyPersonalData = declarePersonalData({
  domain: "request-safety",
  tables: [declareTable({ table: rateLimitCounters, rows: (person) => keyNamesAddress(rateLimitCounters.key, person.emails), erase: "delete the rows", columns: { key: deletedWithRow } })],
});
