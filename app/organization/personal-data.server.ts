import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { organizationSettings, packageTiers } from "./schema";

const agencys = nothingPersonal("the agency's own details");
const catalog = nothingPersonal("the agency's tier catalog");

export const settingsPersonalData = declarePersonalData({
  domain: "settings",
  tables: [
    declareTable({
      table: organizationSettings,
      columns: {
        companyName: agencys,
        replyToEmail: agencys,
        agencyNotificationEmail: agencys,
        phone: agencys,
        address: agencys,
        senderName: agencys,
        senderEmail: agencys,
        unsubscribeFooterText: agencys,
        timezone: agencys,
        promoCodePrefix: agencys,
        defaultMeetingLink: agencys,
      },
    }),
    declareTable({ table: packageTiers, columns: { tier: catalog, name: catalog, tagline: catalog, features: catalog } }),
  ],
});
