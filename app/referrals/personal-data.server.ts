import { sql } from "drizzle-orm";
import { addressOneOf, declareTable, ERASED_NAME, nothingPersonal, oneOf, replaceBy, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { referrals } from "./schema";

const isReferrer = (person: Person) => sql`(${addressOneOf(referrals.referrerEmail, person.emails)} or ${oneOf(referrals.referrerClientId, person.clientIds)})`;
const isReferred = (person: Person) => sql`(${oneOf(referrals.clientId, person.clientIds)} or ${oneOf(referrals.leadId, person.leadIds)})`;

/** A referral keeps its commission and dates; whichever side of it the person was loses their name (and address). */
export const referralsPersonalData = declarePersonalData({
  domain: "referrals",
  tables: [
    declareTable({
      table: referrals,
      rows: (person) => sql`${isReferrer(person)} or ${isReferred(person)}`,
      erase: "update the columns",
      columns: {
        referrerName: replaceBy((person) => sql`case when ${isReferrer(person)} then ${ERASED_NAME} else ${referrals.referrerName} end`),
        referrerEmail: replaceBy((person) => sql`case when ${isReferrer(person)} then null else ${referrals.referrerEmail} end`),
        clientName: replaceBy((person) => sql`case when ${isReferred(person)} then ${ERASED_NAME} else ${referrals.clientName} end`),
        status: nothingPersonal("the referral's state"),
      },
    }),
  ],
});
