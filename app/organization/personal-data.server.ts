import { declareTable, eachColumn, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { organizationSettings, packageTiers } from "./schema";

const agencys = nothingPersonal("the agency's own details");
const catalog = nothingPersonal("the agency's tier catalog");

export const settingsPersonalData = declarePersonalData({
  domain: "settings",
  tables: [
    declareTable({
      table: organizationSettings,
      columns: eachColumn(
        ["companyName", "replyToEmail", "agencyNotificationEmail", "phone", "address", "senderName", "senderEmail", "unsubscribeFooterText", "timezone", "promoCodePrefix", "defaultMeetingLink"],
        agencys,
      ),
    }),
    declareTable({ table: packageTiers, columns: eachColumn(["tier", "name", "tagline", "features"], catalog) }),
  ],
});
