import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { addOns, projectAddOns } from "./schema";

const catalog = nothingPersonal("the agency's add-on catalog");

export const addOnsPersonalData = declarePersonalData({
  domain: "add-ons",
  tables: [
    declareTable({ table: addOns, columns: { name: catalog, description: catalog, category: catalog, tierPricesCents: catalog, availableForTiers: catalog } }),
    declareTable({ table: projectAddOns, columns: {} }),
  ],
});
