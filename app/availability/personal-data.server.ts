import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { availabilitySlots, blockedDates, recurringAvailability } from "./schema";

export const availabilityPersonalData = declarePersonalData({
  domain: "availability",
  tables: [
    declareTable({ table: availabilitySlots, columns: { status: nothingPersonal("whether the time is open") } }),
    declareTable({ table: recurringAvailability, columns: {} }),
    declareTable({ table: blockedDates, columns: { reason: nothingPersonal("the agency's own note on its calendar") } }),
  ],
});
