import { declareTable, eachColumn, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { portfolioItems } from "./schema";

const portfolio = nothingPersonal("the agency's published portfolio");

export const sitePersonalData = declarePersonalData({
  domain: "site",
  tables: [declareTable({ table: portfolioItems, columns: eachColumn(["slug", "name", "category", "description", "features", "tierLabel", "link", "imagePath"], portfolio) })],
});
