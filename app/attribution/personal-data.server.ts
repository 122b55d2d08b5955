import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { campaigns } from "./schema";

const campaignText = nothingPersonal("the agency's campaign");

/** A campaign's record holds nothing of anyone: its leads name it, not the other way round. */
export const attributionPersonalData = declarePersonalData({
  domain: "attribution",
  tables: [declareTable({ table: campaigns, columns: { name: campaignText, slug: campaignText, offerTitle: campaignText, status: campaignText, description: campaignText } })],
});
