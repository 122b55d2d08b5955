import { and, asc, desc, eq, inArray, lte, notInArray } from "drizzle-orm";
import { consultationBookings } from "~/consultations/schema";
import { bookingLink } from "~/consultations/booking-emails.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueEmail } from "~/email/outbox.server";
import { emailTemplates } from "~/email/schema";
import { isEmailSuppressed } from "~/email/suppression.server";
import { renderEmailTemplate, type TemplateVariables } from "~/email/template-rendering";
import { leadTemplateVariables } from "~/leads/lead-email-variables";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { leads, type Lead } from "~/leads/schema";
import type { PackageTier } from "~/organization/schema";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { launchOfferText } from "~/organization/tier-catalog";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { logger } from "~/logging/logger.server";
import { failedCondition } from "./cadence-conditions";
import { END_REASON_TEXT, skipReasonText, type EnrolmentEndReason, type StepSkipReason } from "./cadence-options";
import { nextStepDueAt } from "./cadence-schedule";
import { cadenceEnrolments, cadences, cadenceStepSends, type Cadence, type CadenceEnrolment } from "./schema";

/**
 * The worker's cadence turn. Each due enrolment is taken in its own transaction (row locked with
 * SKIP LOCKED, so two processes take different ones), and its step is claimed by inserting the
 * (enrolment, step) row, unique, in the transaction that queues the e-mail: a second process, a
 * crash before commit or a restart can never send a step twice, and a crash loses no claim.
 */

export type CadenceRunContext = { now: Date; timeZone: string; companyName: string; offer: string; tiers: readonly PackageTier[] };

export async function cadenceRunContext(now = new Date()): Promise<CadenceRunContext> {
  const [settings, tiers] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  return { now, timeZone: settings.timezone, companyName: settings.companyName ?? "our studio", offer: launchOfferText(tiers), tiers };
}

export type StepOutcome = "sent" | "skipped" | "ended" | "waiting" | "taken";

type DueRow = { enrolment: CadenceEnrolment; cadence: Cadence; lead: Lead };

async function endEnrolment(tx: DatabaseExecutor, row: DueRow, reason: EnrolmentEndReason, now: Date): Promise<void> {
  await tx
    .update(cadenceEnrolments)
    .set({ status: "ended", endedReason: reason, endedAt: now, nextStepDueAt: null })
    .where(eq(cadenceEnrolments.id, row.enrolment.id));
  await recordLeadEvent(tx, {
    leadId: row.lead.id,
    event: "cadence_ended",
    data: { cadenceId: row.cadence.id, cadenceName: row.cadence.name, enrolmentId: row.enrolment.id, reason, because: END_REASON_TEXT[reason] },
  });
}

/** The open invitation's link, if the lead has one (a step may offer to book). */
async function openBookingLink(tx: DatabaseExecutor, leadId: string): Promise<string> {
  const [booking] = await tx
    .select({ token: consultationBookings.bookingToken })
    .from(consultationBookings)
    .where(and(eq(consultationBookings.leadId, leadId), inArray(consultationBookings.status, ["pending", "rescheduled", "confirmed"])))
    .orderBy(desc(consultationBookings.createdAt))
    .limit(1);
  return booking ? bookingLink(booking.token) : "";
}

/** What a cadence e-mail says about its lead; absent values are empty, never a raw placeholder. */
async function leadVariables(tx: DatabaseExecutor, lead: Lead, context: CadenceRunContext): Promise<TemplateVariables> {
  return { ...leadTemplateVariables(lead, context), BookingLink: await openBookingLink(tx, lead.id) };
}

/**
 * Handles the next step of one enrolment if it is due: ends the enrolment when the lead converted,
 * booked or is suppressed; otherwise claims the step and sends it, or records it skipped with the
 * condition that failed. Exported so a test can run it inside a transaction that then fails.
 */
export async function runDueStep(tx: DatabaseExecutor, enrolmentId: string, context: CadenceRunContext): Promise<StepOutcome> {
  const { now, timeZone } = context;
  const [row] = await tx
    .select({ enrolment: cadenceEnrolments, cadence: cadences, lead: leads })
    .from(cadenceEnrolments)
    .innerJoin(cadences, eq(cadences.id, cadenceEnrolments.cadenceId))
    .innerJoin(leads, eq(leads.id, cadenceEnrolments.leadId))
    .where(eq(cadenceEnrolments.id, enrolmentId))
    .for("update", { of: cadenceEnrolments });
  if (!row || row.enrolment.status !== "active" || row.cadence.status !== "active") return "taken";
  const { enrolment, cadence, lead } = row;
  const index = enrolment.nextStepIndex;
  const step = cadence.steps[index];
  if (!step) {
    await endEnrolment(tx, row, "completed", now);
    return "ended";
  }

  const [previous] =
    index > 0
      ? await tx
          .select({ at: cadenceStepSends.createdAt })
          .from(cadenceStepSends)
          .where(and(eq(cadenceStepSends.enrolmentId, enrolment.id), eq(cadenceStepSends.stepIndex, index - 1)))
      : [];
  const dueAt = nextStepDueAt(enrolment.enrolledAt, cadence.steps, index, previous?.at ?? null, timeZone) ?? now;
  if (dueAt.getTime() > now.getTime()) {
    await tx.update(cadenceEnrolments).set({ nextStepDueAt: dueAt }).where(eq(cadenceEnrolments.id, enrolment.id));
    return "waiting";
  }

  // Nurture stops at conversion or booking; a cadence for new clients is started by the conversion.
  if (cadence.trigger !== "client_converted") {
    if (lead.status === "converted") {
      await endEnrolment(tx, row, "converted", now);
      return "ended";
    }
    if (lead.bookingStatus === "booked" || lead.bookingStatus === "completed") {
      await endEnrolment(tx, row, "booked", now);
      return "ended";
    }
  }

  const suppressed = await isEmailSuppressed(tx, lead.email);
  const [template] = suppressed ? [] : await tx.select().from(emailTemplates).where(eq(emailTemplates.id, step.templateId));
  const reason: StepSkipReason | null = suppressed ? "unsubscribed" : (failedCondition(step.conditions, lead, now) ?? (template ? null : "template_missing"));

  const [claim] = await tx
    .insert(cadenceStepSends)
    .values({ enrolmentId: enrolment.id, stepIndex: index, dueAt, status: reason ? "skipped" : "sent", reason, templateId: template?.id ?? null, createdAt: now })
    .onConflictDoNothing({ target: [cadenceStepSends.enrolmentId, cadenceStepSends.stepIndex] })
    .returning({ id: cadenceStepSends.id });
  if (!claim) return "taken";

  const stepData = { cadenceId: cadence.id, cadenceName: cadence.name, enrolmentId: enrolment.id, stepNumber: index + 1 };
  if (reason || !template) {
    await recordLeadEvent(tx, { leadId: lead.id, event: "cadence_step_skipped", data: { ...stepData, reason, because: skipReasonText(reason ?? "template_missing") } });
  } else {
    const rendered = renderEmailTemplate(template, await leadVariables(tx, lead, context));
    const queued = await enqueueEmail(tx, {
      ...rendered,
      to: lead.email,
      toName: lead.name,
      emailType: "cadence",
      category: "marketing",
      leadId: lead.id,
      metadata: { ...stepData, templateId: template.id },
      dedupeKey: `cadence-step:${enrolment.id}:${index}`,
    });
    await tx.update(cadenceStepSends).set({ outboxId: queued?.id ?? null }).where(eq(cadenceStepSends.id, claim.id));
    await recordLeadEvent(tx, { leadId: lead.id, event: "cadence_step_sent", data: { ...stepData, templateName: template.name, outboxId: queued?.id ?? null } });
  }

  if (suppressed) {
    await endEnrolment(tx, row, "unsubscribed", now);
    return "ended";
  }
  const nextIndex = index + 1;
  if (nextIndex >= cadence.steps.length) {
    await endEnrolment(tx, row, "completed", now);
  } else {
    await tx
      .update(cadenceEnrolments)
      .set({ nextStepIndex: nextIndex, nextStepDueAt: nextStepDueAt(enrolment.enrolledAt, cadence.steps, nextIndex, now, timeZone) })
      .where(eq(cadenceEnrolments.id, enrolment.id));
  }
  return reason ? "skipped" : "sent";
}

export type CadenceRun = Record<StepOutcome, number>;

export const CADENCE_STEPS_PER_RUN = 200;

/**
 * Handles every due step (up to `limit`), oldest first. A step that fails is logged and retried next
 * run. `pace`, awaited between two steps, is the background worker's share of the event loop.
 */
export async function runCadenceSteps(now = new Date(), limit = CADENCE_STEPS_PER_RUN, pace?: () => Promise<void>): Promise<CadenceRun> {
  const context = await cadenceRunContext(now);
  const run: CadenceRun = { sent: 0, skipped: 0, ended: 0, waiting: 0, taken: 0 };
  const failed: string[] = [];
  for (let turn = 0; turn < limit; turn += 1) {
    if (turn > 0) await pace?.();
    let picked: string | null = null;
    try {
      const outcome = await db().transaction(async (tx) => {
        const [due] = await tx
          .select({ id: cadenceEnrolments.id })
          .from(cadenceEnrolments)
          .innerJoin(cadences, eq(cadences.id, cadenceEnrolments.cadenceId))
          .where(
            and(
              eq(cadenceEnrolments.status, "active"),
              eq(cadences.status, "active"),
              lte(cadenceEnrolments.nextStepDueAt, now),
              failed.length > 0 ? notInArray(cadenceEnrolments.id, failed) : undefined,
            ),
          )
          .orderBy(asc(cadenceEnrolments.nextStepDueAt))
          .limit(1)
          .for("update", { of: cadenceEnrolments, skipLocked: true });
        if (!due) return null;
        picked = due.id;
        return runDueStep(tx, due.id, context);
      });
      if (outcome === null) break;
      run[outcome] += 1;
    } catch (error) {
      // The database away fails every step alike: the run ends, and the next one takes them all again.
      if (!picked || isDatabaseUnreachable(error)) throw error;
      failed.push(picked);
      logger.error({ err: error, enrolment_id: picked }, "a cadence step failed; it will be retried");
    }
  }
  return run;
}
