import { and, eq, sql } from "drizzle-orm";
import { declareTable, nothingPersonal, oneOf } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { cadenceEnrolments, cadences, cadenceStepSends } from "./schema";

const cadenceText = nothingPersonal("the agency's follow-up sequence");

/** A person's enrolments hold no personal data (ids, steps, dates); erasure ends the ones still running, so nothing more is sent. */
export const cadencesPersonalData = declarePersonalData({
  domain: "cadences",
  tables: [
    declareTable({ table: cadences, columns: { name: cadenceText, description: cadenceText, trigger: cadenceText, steps: cadenceText, status: cadenceText } }),
    declareTable({
      table: cadenceEnrolments,
      rows: (person) => oneOf(cadenceEnrolments.leadId, person.leadIds),
      columns: { status: nothingPersonal("whether the sequence runs"), endedReason: nothingPersonal("why it ended") },
    }),
    declareTable({
      table: cadenceStepSends,
      rows: (person) => sql`${cadenceStepSends.enrolmentId} in (select ${cadenceEnrolments.id} from ${cadenceEnrolments} where ${oneOf(cadenceEnrolments.leadId, person.leadIds)})`,
      columns: { status: nothingPersonal("what became of the step"), reason: nothingPersonal("why a step was skipped") },
    }),
  ],
  async erase(tx, person) {
    await tx
      .update(cadenceEnrolments)
      .set({ status: "ended", endedReason: "removed", endedAt: new Date(), nextStepDueAt: null })
      .where(and(oneOf(cadenceEnrolments.leadId, person.leadIds), eq(cadenceEnrolments.status, "active")));
  },
});
