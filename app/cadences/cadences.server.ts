import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { emailTemplates } from "~/email/schema";
import { notFound, Refusal } from "~/refusal/refusal";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { keysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { END_REASON_TEXT, type CadenceStatus } from "./cadence-options";
import { stepField, type CadenceInput } from "./cadence-forms";
import { cadenceEnrolments, cadences, type Cadence } from "./schema";

/**
 * The cadences an admin builds: list, create, edit, pause/resume, delete. Enrolments and the
 * worker live in enrolment.server.ts and cadence-runner.server.ts.
 */

export const CADENCES_PAGE_SIZE = 25;

export type CadenceListRow = Cadence & { enrolled: number; activeEnrolments: number };
export type CadenceListPage = { cadences: CadenceListRow[]; nextCursor: string | null; previousCursor: string | null };

/** Newest first, by keyset. */
export async function listCadences(query: PageQuery = {}): Promise<CadenceListPage> {
  const page = await keysetPage(
    pageRequest(query, CADENCES_PAGE_SIZE),
    { by: cadences.createdAt, tieBreaker: cadences.id, direction: "desc", valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({
          cadence: cadences,
          enrolled: sql<number>`count(${cadenceEnrolments.id})::int`,
          activeEnrolments: sql<number>`(count(${cadenceEnrolments.id}) filter (where ${cadenceEnrolments.status} = 'active'))::int`,
        })
        .from(cadences)
        .leftJoin(cadenceEnrolments, eq(cadenceEnrolments.cadenceId, cadences.id))
        .where(beyond)
        .groupBy(cadences.id)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.cadence.createdAt.toISOString(), id: row.cadence.id }),
  );
  return {
    cadences: page.rows.map((row) => ({ ...row.cadence, enrolled: Number(row.enrolled), activeEnrolments: Number(row.activeEnrolments) })),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
  };
}

export async function findCadence(cadenceId: string, executor: DatabaseExecutor = db()): Promise<Cadence | null> {
  const [cadence] = await executor.select().from(cadences).where(eq(cadences.id, cadenceId));
  return cadence ?? null;
}

export type TemplateChoice = { id: string; name: string };

/** Every template a step may send, by name. */
export async function listTemplateChoices(executor: DatabaseExecutor = db()): Promise<TemplateChoice[]> {
  return executor.select({ id: emailTemplates.id, name: emailTemplates.name }).from(emailTemplates).orderBy(asc(emailTemplates.name));
}

/** Each step's template must exist; the refusal names the step's field. */
async function refuseMissingTemplates(tx: DatabaseExecutor, input: CadenceInput): Promise<void> {
  const ids = [...new Set(input.steps.map((step) => step.templateId))];
  const found = ids.length ? await tx.select({ id: emailTemplates.id }).from(emailTemplates).where(inArray(emailTemplates.id, ids)) : [];
  const missing = input.steps.findIndex((step) => !found.some((template) => template.id === step.templateId));
  if (missing >= 0) throw new Refusal("This template no longer exists. Choose another.", { field: stepField(missing, "templateId") });
}

/** What a cadence's audit entry keeps of it: its choices, not its words. */
/** What a cadence's audit entries keep of it. */
export type CadenceDetails = ReturnType<typeof cadenceDetails>;

function cadenceDetails(cadence: Cadence) {
  return { trigger: cadence.trigger, steps: cadence.steps.length, status: cadence.status };
}

export async function createCadence(actor: Actor, input: CadenceInput): Promise<Cadence> {
  return db().transaction(async (tx) => {
    await refuseMissingTemplates(tx, input);
    const [cadence] = await tx.insert(cadences).values({ ...input, status: "active" }).returning();
    if (!cadence) throw new Error("The cadence was not saved");
    await recordAuditEntry(tx, actor, {
      action: "cadence.save-cadence",
      entityType: "cadence",
      entityId: cadence.id,
      summary: `Created a cadence of ${cadence.steps.length} step(s)`,
      details: cadenceDetails(cadence),
    });
    return cadence;
  });
}

/**
 * Saves an edit. Leads already enrolled go on from the step position they reached, under the new
 * steps; their next step's time is worked out again by the worker on its next run.
 */
export async function updateCadence(actor: Actor, cadenceId: string, input: CadenceInput, now = new Date()): Promise<Cadence> {
  return db().transaction(async (tx) => {
    await refuseMissingTemplates(tx, input);
    const [cadence] = await tx.update(cadences).set({ ...input, updatedAt: now }).where(eq(cadences.id, cadenceId)).returning();
    if (!cadence) throw notFound("This cadence no longer exists.");
    await tx
      .update(cadenceEnrolments)
      .set({ nextStepDueAt: now })
      .where(and(eq(cadenceEnrolments.cadenceId, cadenceId), eq(cadenceEnrolments.status, "active")));
    await recordAuditEntry(tx, actor, {
      action: "cadence.save-cadence",
      entityType: "cadence",
      entityId: cadenceId,
      summary: `Saved a cadence of ${cadence.steps.length} step(s)`,
      details: cadenceDetails(cadence),
    });
    return cadence;
  });
}

/** Paused: due steps wait (nothing is skipped); active again: they go on where they stopped. */
export async function setCadenceStatus(actor: Actor, cadenceId: string, status: CadenceStatus, now = new Date()): Promise<Cadence> {
  return db().transaction(async (tx) => {
    const [cadence] = await tx.update(cadences).set({ status, updatedAt: now }).where(eq(cadences.id, cadenceId)).returning();
    if (!cadence) throw notFound("This cadence no longer exists.");
    await recordAuditEntry(tx, actor, {
      action: "cadence.set-status",
      entityType: "cadence",
      entityId: cadenceId,
      summary: status === "active" ? "Made a cadence active" : "Paused a cadence",
      details: { status },
    });
    return cadence;
  });
}

/**
 * Deletes a cadence with its enrolments. Leads still in it get a 'cadence deleted' end on their
 * timeline; what was sent stays in the e-mail log and on the timeline.
 */
export async function deleteCadence(actor: Actor, cadenceId: string): Promise<Cadence> {
  return db().transaction(async (tx) => {
    const [cadence] = await tx.select().from(cadences).where(eq(cadences.id, cadenceId)).for("update");
    if (!cadence) throw notFound("This cadence no longer exists.");
    const active = await tx
      .select({ id: cadenceEnrolments.id, leadId: cadenceEnrolments.leadId })
      .from(cadenceEnrolments)
      .where(and(eq(cadenceEnrolments.cadenceId, cadenceId), eq(cadenceEnrolments.status, "active")));
    for (const enrolment of active) {
      await recordLeadEvent(tx, {
        leadId: enrolment.leadId,
        event: "cadence_ended",
        data: { cadenceId, cadenceName: cadence.name, enrolmentId: enrolment.id, reason: "removed", because: END_REASON_TEXT.removed },
      });
    }
    await tx.delete(cadences).where(eq(cadences.id, cadenceId));
    await recordAuditEntry(tx, actor, {
      action: "cadence.delete-cadence",
      entityType: "cadence",
      entityId: cadenceId,
      summary: `Deleted a cadence, ending ${active.length} enrolment(s) in progress`,
      details: { endedEnrolments: active.length },
    });
    return cadence;
  });
}

/** The cadences whose steps send this template (a template in use should not be deleted). */
export async function cadencesUsingTemplate(templateId: string, executor: DatabaseExecutor = db()): Promise<{ id: string; name: string }[]> {
  return executor
    .select({ id: cadences.id, name: cadences.name })
    .from(cadences)
    .where(sql`${cadences.steps} @> ${JSON.stringify([{ templateId }])}::jsonb`)
    .orderBy(asc(cadences.name));
}

/** Cadences an admin may enrol leads in by hand, or test in the sandbox. */
export async function listCadenceChoices(executor: DatabaseExecutor = db()): Promise<Pick<Cadence, "id" | "name" | "status" | "trigger">[]> {
  return executor
    .select({ id: cadences.id, name: cadences.name, status: cadences.status, trigger: cadences.trigger })
    .from(cadences)
    .orderBy(asc(cadences.name));
}
