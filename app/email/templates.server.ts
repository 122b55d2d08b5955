import { and, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry, type AuditRecord } from "~/audit/audit-log.server";
import { awaitingReply, publish } from "~/events/domain-events";
import type { TemplateUser } from "./events";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { keysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { launchOfferPrices } from "~/organization/tier-catalog";
import { DEFAULT_EMAIL_TEMPLATES } from "./default-templates";
import { enqueueEmail } from "./outbox.server";
import { emailTemplates, emailTemplateVersions, type EmailOutboxMessage, type EmailTemplate, type EmailTemplateVersion } from "./schema";
import { templateDeleteRefusal, type TemplateInput } from "./template-forms";
import { renderEmailTemplate } from "./template-rendering";
import { sampleTemplateValues } from "./template-variables";

export const TEMPLATES_PAGE_SIZE = 25;

/**
 * Every e-mail the product sends, as a template: inserted where missing, and brought to the text
 * shipped now where nobody has saved it (version 1; every save makes a new version), so an
 * improvement to a shipped e-mail reaches an install made before it. An admin's edits stay.
 */
export async function seedDefaultTemplates(tx: DatabaseExecutor): Promise<void> {
  const shipped = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(emailTemplates)
    .values(DEFAULT_EMAIL_TEMPLATES)
    .onConflictDoUpdate({
      target: emailTemplates.key,
      set: { name: shipped("name"), subject: shipped("subject"), preheader: shipped("preheader"), bodyText: shipped("body_text"), bodyHtml: shipped("body_html"), updatedAt: sql`now()` },
      setWhere: sql`${emailTemplates.version} = 1 and (${emailTemplates.name}, ${emailTemplates.subject}, ${emailTemplates.preheader}, ${emailTemplates.bodyText}, ${emailTemplates.bodyHtml}) is distinct from (excluded.name, excluded.subject, excluded.preheader, excluded.body_text, excluded.body_html)`,
    });
}

export type TemplateListRow = Pick<EmailTemplate, "id" | "key" | "name" | "subject" | "version" | "updatedAt">;

/** One page of templates by name (keyset on name, id), optionally those whose name or subject holds `search`. */
export async function listTemplates(query: PageQuery & { search?: string | null }) {
  const page = await keysetPage(
    pageRequest(query, TEMPLATES_PAGE_SIZE),
    { by: emailTemplates.name, tieBreaker: emailTemplates.id, direction: "asc", valueKind: "text" },
    ({ beyond, orderBy, limit }): Promise<TemplateListRow[]> =>
      db()
        .select({
          id: emailTemplates.id,
          key: emailTemplates.key,
          name: emailTemplates.name,
          subject: emailTemplates.subject,
          version: emailTemplates.version,
          updatedAt: emailTemplates.updatedAt,
        })
        .from(emailTemplates)
        .where(and(searchCondition(query.search ?? "", [emailTemplates.name, emailTemplates.subject]), beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.name, id: row.id }),
  );
  return { templates: page.rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

export type TemplateVersionSummary = Pick<EmailTemplateVersion, "version" | "subject" | "savedAt" | "savedBy">;

export type TemplateEditorData = {
  template: EmailTemplate;
  versions: TemplateVersionSummary[];
  usedBy: TemplateUser[];
};

/** Who sends the template besides the product (cadence steps, answered by their domain). */
async function usersOfTemplate(executor: DatabaseExecutor, templateId: string): Promise<TemplateUser[]> {
  const asked = { templateId, users: awaitingReply<TemplateUser[]>() };
  await publish(executor, "email-template.users-wanted", asked);
  return asked.users.value ?? [];
}

export async function findTemplateForEditor(templateId: string): Promise<TemplateEditorData | undefined> {
  const [template] = await db().select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
  if (!template) return undefined;
  const [versions, usedBy] = await Promise.all([
    db()
      .select({ version: emailTemplateVersions.version, subject: emailTemplateVersions.subject, savedAt: emailTemplateVersions.savedAt, savedBy: emailTemplateVersions.savedBy })
      .from(emailTemplateVersions)
      .where(eq(emailTemplateVersions.templateId, templateId))
      .orderBy(desc(emailTemplateVersions.version)),
    usersOfTemplate(db(), templateId),
  ]);
  return { template, versions, usedBy };
}

/** A previous version, read-only (the editor's Versions list). */
export async function findTemplateVersion(templateId: string, version: number): Promise<EmailTemplateVersion | undefined> {
  const [row] = await db()
    .select()
    .from(emailTemplateVersions)
    .where(and(eq(emailTemplateVersions.templateId, templateId), eq(emailTemplateVersions.version, version)));
  return row;
}

async function lockTemplate(tx: DatabaseExecutor, templateId: string): Promise<EmailTemplate> {
  const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId)).for("update");
  if (!template) throw notFound("Template not found");
  return template;
}

/** An admin-made template (created or cloned): version 1, never a system template, with its audit entry. */
async function addAdminTemplate<Action extends "email_template.create" | "email_template.clone">(
  tx: DatabaseExecutor,
  actor: Actor,
  content: TemplateInput,
  entry: AuditRecord<Action>,
): Promise<EmailTemplate> {
  const [added] = await tx
    .insert(emailTemplates)
    .values({ ...content, key: null, version: 1, updatedBy: actor.email })
    .returning();
  if (!added) throw new Error("The template was not saved");
  await recordAuditEntry(tx, actor, { ...entry, entityType: "email_template", entityId: added.id });
  return added;
}

export async function createTemplate(actor: Actor, input: TemplateInput): Promise<EmailTemplate> {
  return db().transaction((tx) => addAdminTemplate(tx, actor, input, { action: "email_template.create", summary: "Created a template" }));
}

/**
 * Saves new text as the next version and keeps the current one in `email_template_versions`.
 * `expectedVersion` is the version the editor opened: if someone saved meanwhile, the save is
 * refused rather than overwriting their text.
 */
export async function saveTemplate(actor: Actor, templateId: string, input: TemplateInput, expectedVersion: number): Promise<EmailTemplate> {
  return saveTemplateVersion(actor, templateId, input, expectedVersion, "email_template.save");
}

async function saveTemplateVersion(
  actor: Actor,
  templateId: string,
  input: TemplateInput,
  expectedVersion: number,
  action: "email_template.save" | "email_template.restore",
  restoredVersion?: number,
): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const current = await lockTemplate(tx, templateId);
    if (current.version !== expectedVersion) {
      throw new Refusal(`This template was saved by someone else meanwhile (now version ${current.version}). Reload the page to see their changes.`, { status: 409 });
    }
    await tx.insert(emailTemplateVersions).values({
      templateId,
      version: current.version,
      name: current.name,
      subject: current.subject,
      preheader: current.preheader,
      bodyText: current.bodyText,
      bodyHtml: current.bodyHtml,
      savedAt: current.updatedAt,
      savedBy: current.updatedBy,
    });
    const [saved] = await tx
      .update(emailTemplates)
      .set({ ...input, version: current.version + 1, updatedAt: new Date(), updatedBy: actor.email })
      .where(eq(emailTemplates.id, templateId))
      .returning();
    if (!saved) throw notFound("Template not found");
    await recordAuditEntry(tx, actor, {
      action,
      entityType: "email_template",
      entityId: templateId,
      summary: restoredVersion === undefined ? `Saved a template as version ${saved.version}` : `Restored version ${restoredVersion} of a template as version ${saved.version}`,
      details: { version: saved.version, ...(restoredVersion === undefined ? {} : { restoredVersion }) },
    });
    return saved;
  });
}

/** 'Restore': the old version's text saved as the newest version (history is never rewritten). */
export async function restoreTemplateVersion(actor: Actor, templateId: string, version: number, expectedVersion: number): Promise<EmailTemplate> {
  const old = await findTemplateVersion(templateId, version);
  if (!old) throw notFound("Version not found");
  return saveTemplateVersion(
    actor,
    templateId,
    { name: old.name, subject: old.subject, preheader: old.preheader, bodyHtml: old.bodyHtml, bodyText: old.bodyText },
    expectedVersion,
    "email_template.restore",
    version,
  );
}

/** Refused for a system template (the product sends it) and for a template a cadence step sends. */
export async function deleteTemplate(actor: Actor, templateId: string): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const template = await lockTemplate(tx, templateId);
    const refusal = templateDeleteRefusal(template);
    if (refusal) throw new Refusal(refusal, { status: 409, code: "email-template.system", title: "Failed to delete template" });
    const usedBy = await usersOfTemplate(tx, templateId);
    if (usedBy.length > 0) {
      const names = usedBy.map((cadence) => `“${cadence.name}”`).join(", ");
      throw new Refusal(`“${template.name}” is used by ${usedBy.length === 1 ? "the cadence" : "the cadences"} ${names}. Remove it from their steps first.`, {
        status: 409,
        code: "email-template.in-use",
        title: "Failed to delete template",
      });
    }
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, templateId));
    await recordAuditEntry(tx, actor, {
      action: "email_template.delete",
      entityType: "email_template",
      entityId: templateId,
      summary: `Deleted a template and its ${template.version - 1} earlier version(s)`,
      details: { version: template.version },
    });
    return template;
  });
}

/** 'Clone': an admin-made copy named '{name} (Copy)', at version 1 (a clone of a system template is not a system template). */
export async function cloneTemplate(actor: Actor, templateId: string): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const [source] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    if (!source) throw notFound("Template not found");
    const content = { name: `${source.name} (Copy)`.slice(0, 200), subject: source.subject, preheader: source.preheader, bodyText: source.bodyText, bodyHtml: source.bodyHtml };
    return addAdminTemplate(tx, actor, content, {
      action: "email_template.clone",
      summary: source.key ? `Cloned the system template ${source.key}` : "Cloned a template",
      details: { sourceTemplateId: source.id },
    });
  });
}

/** The sample values the preview and 'Send test' fill: the catalog's, with the agency's real name. */
export async function templateSampleValues(): Promise<Record<string, string>> {
  const [settings, tiers] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  const samples = sampleTemplateValues();
  // What the organization's own settings say, where a sample would state it otherwise: its name, the offer's price.
  return { ...samples, ...(settings.companyName ? { CompanyName: settings.companyName } : {}), PromoPrice: launchOfferPrices(tiers).promoPrice };
}

/** 'Send test': the saved template with sample values, through the outbox, marked as a test in the log. */
export async function sendTemplateTest(actor: Actor, templateId: string, to: string): Promise<EmailOutboxMessage> {
  const values = await templateSampleValues();
  return db().transaction(async (tx) => {
    const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    if (!template) throw notFound("Template not found");
    const rendered = renderEmailTemplate(template, values);
    const queued = await enqueueEmail(tx, {
      to,
      subject: `[Test] ${rendered.subject}`,
      html: rendered.html,
      text: rendered.text,
      emailType: "test",
      metadata: { test: true, templateId: template.id, templateVersion: template.version, sentBy: actor.email },
      actorUserId: actor.userId,
    });
    if (!queued) throw new Error("The test message was not queued");
    await recordAuditEntry(tx, actor, {
      action: "template.send-test",
      entityType: "email_template",
      entityId: template.id,
      summary: `Sent a test of version ${template.version} of a template`,
      details: { version: template.version, outboxId: queued.id },
    });
    return queued;
  });
}
