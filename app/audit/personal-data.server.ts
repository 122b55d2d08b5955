import { sql } from "drizzle-orm";
import { declareTable, eachColumn, nothingPersonal, oneOf } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { auditLog } from "./schema";

const staff = nothingPersonal("the admin who acted (staff, whose account is never erased here)");
const allowListed = nothingPersonal("written from field names, ids and choices only, never what was typed about a person (decision 020)");

/**
 * The audit log is append-only and holds no personal data of the people the agency works for
 * (decision 020): its entries about the person's records are part of their export, and stay.
 */
export const auditPersonalData = declarePersonalData({
  domain: "audit",
  tables: [
    declareTable({
      table: auditLog,
      rows: (person) => sql`(${auditLog.entityType} = 'lead' and ${oneOf(auditLog.entityId, person.leadIds)}) or (${auditLog.entityType} = 'client' and ${oneOf(auditLog.entityId, person.clientIds)})`,
      columns: {
        ...eachColumn(["actorUserId", "actorEmail", "ipAddress"], staff),
        sessionId: nothingPersonal("the random id of the session the change came through"),
        ...eachColumn(["action", "entityType", "entityId", "summary", "details"], allowListed),
      },
    }),
  ],
  // Nothing to erase; the trigger would refuse it anyway.
  erase: async () => undefined,
});
