import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { leads } from "~/leads/schema";
import { organizationSettings } from "~/organization/schema";
import { END_REASON_TEXT, triggerLabel, type CadenceTrigger, type EnrolmentEndReason } from "./cadence-options";
import { stepDueAt } from "./cadence-schedule";
import { cadenceEnrolments, cadences, type Cadence } from "./schema";

/**
 * Enrolment: a lead enters a cadence when its trigger happens (called inside the cause's
 * transaction, so the lead and its enrolment commit together) or when an admin enrols chosen
 * leads. Each lead is enrolled once per cadence (unique key; a second trigger changes nothing).
 * This module reads leads and settings only through their tables' ids and zone; the callers
 * (lead capture, bookings, conversion) import it, never the other way round.
 */

export async function businessTimeZone(executor: DatabaseExecutor): Promise<string> {
  const [row] = await executor.select({ timezone: organizationSettings.timezone }).from(organizationSettings).limit(1);
  return row?.timezone ?? "America/New_York";
}

async function enrol(
  tx: DatabaseExecutor,
  cadence: Cadence,
  leadIds: readonly string[],
  context: { now: Date; timeZone: string; actorUserId: string | null },
): Promise<number> {
  const first = cadence.steps[0];
  if (!first || leadIds.length === 0) return 0;
  const enrolled = await tx
    .insert(cadenceEnrolments)
    .values(
      leadIds.map((leadId) => ({
        cadenceId: cadence.id,
        leadId,
        enrolledAt: context.now,
        nextStepIndex: 0,
        nextStepDueAt: stepDueAt(context.now, first, context.timeZone),
      })),
    )
    .onConflictDoNothing({ target: [cadenceEnrolments.cadenceId, cadenceEnrolments.leadId] })
    .returning({ id: cadenceEnrolments.id, leadId: cadenceEnrolments.leadId });
  for (const row of enrolled) {
    await recordLeadEvent(tx, {
      leadId: row.leadId,
      event: "cadence_enrolled",
      data: { cadenceId: cadence.id, cadenceName: cadence.name, trigger: cadence.trigger, triggerText: triggerLabel(cadence.trigger), enrolmentId: row.id },
      actorUserId: context.actorUserId,
    });
  }
  return enrolled.length;
}

/** Enrols the lead in every active cadence with this trigger; returns how many enrolments began. */
export async function enrolLeadInCadences(
  tx: DatabaseExecutor,
  input: { leadId: string; trigger: Exclude<CadenceTrigger, "manual">; now?: Date },
): Promise<number> {
  const matching = await tx
    .select()
    .from(cadences)
    .where(and(eq(cadences.trigger, input.trigger), eq(cadences.status, "active")));
  if (matching.length === 0) return 0;
  const context = { now: input.now ?? new Date(), timeZone: await businessTimeZone(tx), actorUserId: null };
  let total = 0;
  for (const cadence of matching) total += await enrol(tx, cadence, [input.leadId], context);
  return total;
}

/**
 * The lead converted or booked: its enrolments end, with the reason on its timeline. Cadences
 * triggered by the conversion itself are for clients and carry on.
 */
export async function endLeadEnrolments(
  tx: DatabaseExecutor,
  input: { leadId: string; reason: Extract<EnrolmentEndReason, "converted" | "booked">; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const ended = await tx
    .update(cadenceEnrolments)
    .set({ status: "ended", endedReason: input.reason, endedAt: now, nextStepDueAt: null })
    .where(
      and(
        eq(cadenceEnrolments.leadId, input.leadId),
        eq(cadenceEnrolments.status, "active"),
        sql`${cadenceEnrolments.cadenceId} in (select id from ${cadences} where ${ne(cadences.trigger, "client_converted")})`,
      ),
    )
    .returning({ id: cadenceEnrolments.id, cadenceId: cadenceEnrolments.cadenceId });
  if (ended.length === 0) return 0;
  const names = await tx
    .select({ id: cadences.id, name: cadences.name })
    .from(cadences)
    .where(inArray(cadences.id, ended.map((row) => row.cadenceId)));
  for (const row of ended) {
    const cadenceName = names.find((cadence) => cadence.id === row.cadenceId)?.name ?? "";
    await recordLeadEvent(tx, {
      leadId: input.leadId,
      event: "cadence_ended",
      data: { cadenceId: row.cadenceId, cadenceName, enrolmentId: row.id, reason: input.reason, because: END_REASON_TEXT[input.reason] },
    });
  }
  return ended.length;
}

export type ManualEnrolment = { cadenceName: string; enrolled: number; alreadyEnrolled: number };

/** 'Enrol in cadence' on the leads list: the chosen leads that still exist, each once. */
export async function enrolLeadsInCadence(actor: Actor, cadenceId: string, leadIds: readonly string[], now = new Date()): Promise<ManualEnrolment> {
  return db().transaction(async (tx) => {
    const [cadence] = await tx.select().from(cadences).where(eq(cadences.id, cadenceId)).for("update");
    if (!cadence) throw notFound("This cadence no longer exists.");
    if (cadence.steps.length === 0) throw new Refusal("This cadence has no steps yet. Add a step before enrolling leads.", { field: "cadenceId" });
    const existing = await tx.select({ id: leads.id }).from(leads).where(inArray(leads.id, [...new Set(leadIds)]));
    const enrolled = await enrol(tx, cadence, existing.map((lead) => lead.id), { now, timeZone: await businessTimeZone(tx), actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, {
      action: "cadence-enrolment.enrol-leads",
      entityType: "cadence",
      entityId: cadenceId,
      summary: `Enrolled ${enrolled} lead(s) in a cadence by hand (${existing.length - enrolled} already in it)`,
      details: { leadIds: existing.map((lead) => lead.id), enrolled },
    });
    return { cadenceName: cadence.name, enrolled, alreadyEnrolled: existing.length - enrolled };
  });
}
