import { desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { enqueueEmail } from "~/email/outbox.server";
import { emailOutbox, emailTemplates, type OutboxStatus } from "~/email/schema";
import { renderEmailTemplate } from "~/email/template-rendering";
import { sampleTemplateValues } from "~/email/template-variables";
import { notFound, Refusal } from "~/refusal/refusal";
import { conditionLabel, triggerLabel } from "./cadence-options";
import type { SandboxInput } from "./cadence-forms";
import { delayText } from "./cadence-schedule";
import { findCadence } from "./cadences.server";

/**
 * The e-mail sandbox (/admin/testing): sends a template, or every step of a cadence at once, to a
 * test address with sample values, through the outbox like any mail, marked as a test
 * (`email_type` 'test', `metadata.test`) so the log tells them apart.
 */

export const TEST_EMAIL_TYPE = "test";

export type CadenceScheduleLine = { stepNumber: number; when: string; templateName: string | null; conditions: string[] };
export type CadenceSchedule = { id: string; name: string; status: string; trigger: string; steps: CadenceScheduleLine[] };

/** Which step goes when, with which template, under which conditions, in words. */
export async function describeCadenceSchedule(cadenceId: string): Promise<CadenceSchedule | null> {
  const cadence = await findCadence(cadenceId);
  if (!cadence) return null;
  const ids = [...new Set(cadence.steps.map((step) => step.templateId))];
  const templates = ids.length ? await db().select({ id: emailTemplates.id, name: emailTemplates.name }).from(emailTemplates).where(inArray(emailTemplates.id, ids)) : [];
  return {
    id: cadence.id,
    name: cadence.name,
    status: cadence.status,
    trigger: triggerLabel(cadence.trigger),
    steps: cadence.steps.map((step, index) => ({
      stepNumber: index + 1,
      when: delayText(step),
      templateName: templates.find((template) => template.id === step.templateId)?.name ?? null,
      conditions: step.conditions.map(conditionLabel),
    })),
  };
}

/** Sends the chosen template, or each step of the chosen cadence, to the test address now; returns how many were queued. */
export async function sendSandboxTest(actor: Actor, input: SandboxInput): Promise<{ queued: number; label: string }> {
  const samples = sampleTemplateValues();
  if (input.templateId) {
    const templateId = input.templateId;
    return db().transaction(async (tx) => {
      const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
      if (!template) throw new Refusal("This template no longer exists.", { field: "templateId", status: 404 });
      await enqueueEmail(tx, {
        ...renderEmailTemplate(template, samples),
        to: input.testEmail,
        emailType: TEST_EMAIL_TYPE,
        metadata: { test: true, templateId: template.id, templateName: template.name },
      });
      await recordAuditEntry(tx, actor, {
        action: "testing.send-test",
        entityType: "email_template",
        entityId: template.id,
        summary: "Sent a template to a test address from the sandbox",
        details: { queued: 1 },
      });
      return { queued: 1, label: template.name };
    });
  }
  const cadenceId = input.cadenceId ?? "";
  return db().transaction(async (tx) => {
    const cadence = await findCadence(cadenceId, tx);
    if (!cadence) throw notFound("This cadence no longer exists.");
    if (cadence.steps.length === 0) throw new Refusal("This cadence has no steps to send.", { field: "cadenceId" });
    const ids = [...new Set(cadence.steps.map((step) => step.templateId))];
    const templates = await tx.select().from(emailTemplates).where(inArray(emailTemplates.id, ids));
    let queued = 0;
    for (const [index, step] of cadence.steps.entries()) {
      const template = templates.find((candidate) => candidate.id === step.templateId);
      if (!template) continue;
      await enqueueEmail(tx, {
        ...renderEmailTemplate(template, samples),
        to: input.testEmail,
        emailType: TEST_EMAIL_TYPE,
        metadata: { test: true, cadenceId: cadence.id, cadenceName: cadence.name, stepNumber: index + 1, templateId: template.id, templateName: template.name },
      });
      queued += 1;
    }
    if (queued === 0) throw new Refusal("None of this cadence's steps has a template any more.", { field: "cadenceId" });
    await recordAuditEntry(tx, actor, {
      action: "testing.send-test",
      entityType: "cadence",
      entityId: cadence.id,
      summary: `Sent ${queued} step(s) of a cadence to a test address from the sandbox`,
      details: { queued },
    });
    return { queued, label: cadence.name };
  });
}

export type SandboxSend = { id: string; toEmail: string; subject: string; status: OutboxStatus; createdAt: Date; sentAt: Date | null; source: string; lastError: string | null };

/** The latest test sends, newest first, with where each is in delivery. */
export async function listRecentTestSends(limit = 20): Promise<SandboxSend[]> {
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.emailType, TEST_EMAIL_TYPE))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => {
    const meta = row.metadata;
    const source =
      typeof meta.cadenceName === "string"
        ? `${meta.cadenceName} · step ${String(meta.stepNumber)}`
        : typeof meta.templateName === "string"
          ? meta.templateName
          : "";
    return { id: row.id, toEmail: row.toEmail, subject: row.subject, status: row.status, createdAt: row.createdAt, sentAt: row.sentAt, source, lastError: row.lastError };
  });
}
