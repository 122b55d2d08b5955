import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { portfolioItems } from "./schema";

const portfolio = nothingPersonal("the agency's published portfolio");

export const sitePersonalData = declarePersonalData({
  domain: "site",
  tables: [
    declareTable({
      table: portfolioItems,
      columns: { slug: portfolio, name: portfolio, category: portfolio, description: portfolio, features: portfolio, tierLabel: portfolio, link: portfolio, imagePath: portfolio },
    }),
  ],
});
