import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { getOrganizationSettings } from "~/settings/settings.server";
import { decodeRowCursor, encodeKeysetCursor } from "~/lists/list-view";
import { enqueueEmail } from "./outbox.server";
import { emailTemplates, emailTemplateVersions, type EmailOutboxMessage, type EmailTemplate, type EmailTemplateVersion } from "./schema";
import type { TemplateInput } from "./template-forms";
import { renderEmailTemplate } from "./template-rendering";
import { cadencesUsingTemplate } from "~/cadences/cadences.server";
import { sampleTemplateValues } from "./template-variables";
import { DEFAULT_EMAIL_TEMPLATES } from "./default-templates";

export const TEMPLATES_PAGE_SIZE = 25;

/** Every e-mail the product sends, as a template, where missing (an admin's edits stay). */
export async function seedDefaultTemplates(tx: DatabaseExecutor): Promise<void> {
  await tx.insert(emailTemplates).values(DEFAULT_EMAIL_TEMPLATES).onConflictDoNothing();
}

/** The admin doing it, for the audit log and the versions' "saved by". */
export type TemplateEditor = { id: string; email: string };

function auditActor(editor: TemplateEditor): Actor {
  return { userId: editor.id, email: editor.email, sessionId: null, ipAddress: null };
}

export type TemplateListRow = Pick<EmailTemplate, "id" | "key" | "name" | "subject" | "version" | "updatedAt">;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of templates by name (keyset on name, id), optionally those whose name or subject holds `search`. */
export async function listTemplates(query: { search?: string | null; after?: string | null; before?: string | null; pageSize?: number }) {
  const pageSize = query.pageSize ?? TEMPLATES_PAGE_SIZE;
  const after = decodeRowCursor(query.after, false);
  const before = after ? null : decodeRowCursor(query.before, false);
  const boundary = after ?? before;
  const forward = !before;
  const boundaryCondition = boundary
    ? forward
      ? sql`(${emailTemplates.name}, ${emailTemplates.id}) > (${boundary.value ?? ""}, ${boundary.id}::uuid)`
      : sql`(${emailTemplates.name}, ${emailTemplates.id}) < (${boundary.value ?? ""}, ${boundary.id}::uuid)`
    : undefined;
  const search = query.search?.trim();
  const searchCondition = search ? or(ilike(emailTemplates.name, likePattern(search)), ilike(emailTemplates.subject, likePattern(search))) : undefined;
  const order = forward ? asc : desc;
  const rows = await db()
    .select({
      id: emailTemplates.id,
      key: emailTemplates.key,
      name: emailTemplates.name,
      subject: emailTemplates.subject,
      version: emailTemplates.version,
      updatedAt: emailTemplates.updatedAt,
    })
    .from(emailTemplates)
    .where(and(searchCondition, boundaryCondition))
    .orderBy(order(emailTemplates.name), order(emailTemplates.id))
    .limit(pageSize + 1);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (!forward) page.reverse();
  const cursorOf = (row: TemplateListRow) => encodeKeysetCursor({ value: row.name, id: row.id });
  const first = page[0];
  const last = page[page.length - 1];
  const hasPrevious = forward ? Boolean(after) : hasMore;
  const hasNext = forward ? hasMore : true;
  return {
    templates: page as TemplateListRow[],
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
}

export type TemplateVersionSummary = Pick<EmailTemplateVersion, "version" | "subject" | "savedAt" | "savedBy">;

export type TemplateEditorData = {
  template: EmailTemplate;
  versions: TemplateVersionSummary[];
  usedBy: { id: string; name: string }[];
};

export async function findTemplateForEditor(templateId: string): Promise<TemplateEditorData | undefined> {
  const [template] = await db().select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
  if (!template) return undefined;
  const [versions, usedBy] = await Promise.all([
    db()
      .select({ version: emailTemplateVersions.version, subject: emailTemplateVersions.subject, savedAt: emailTemplateVersions.savedAt, savedBy: emailTemplateVersions.savedBy })
      .from(emailTemplateVersions)
      .where(eq(emailTemplateVersions.templateId, templateId))
      .orderBy(desc(emailTemplateVersions.version)),
    cadencesUsingTemplate(templateId),
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

export async function createTemplate(input: TemplateInput, editor: TemplateEditor): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(emailTemplates)
      .values({ ...input, key: null, version: 1, updatedBy: editor.email })
      .returning();
    if (!created) throw new Error("The template was not saved");
    await recordAuditEntry(tx, auditActor(editor), {
      action: "email_template.create",
      entityType: "email_template",
      entityId: created.id,
      summary: `Created the template “${created.name}”`,
    });
    return created;
  });
}

/**
 * Saves new text as the next version and keeps the current one in `email_template_versions`.
 * `expectedVersion` is the version the editor opened: if someone saved meanwhile, the save is
 * refused rather than overwriting their text.
 */
export async function saveTemplate(templateId: string, input: TemplateInput, expectedVersion: number, editor: TemplateEditor, action = "email_template.save"): Promise<EmailTemplate> {
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
      .set({ ...input, version: current.version + 1, updatedAt: new Date(), updatedBy: editor.email })
      .where(eq(emailTemplates.id, templateId))
      .returning();
    if (!saved) throw notFound("Template not found");
    await recordAuditEntry(tx, auditActor(editor), {
      action,
      entityType: "email_template",
      entityId: templateId,
      summary: `Saved the template “${saved.name}” as version ${saved.version}`,
    });
    return saved;
  });
}

/** 'Restore': the old version's text saved as the newest version (history is never rewritten). */
export async function restoreTemplateVersion(templateId: string, version: number, expectedVersion: number, editor: TemplateEditor): Promise<EmailTemplate> {
  const old = await findTemplateVersion(templateId, version);
  if (!old) throw notFound("Version not found");
  return saveTemplate(
    templateId,
    { name: old.name, subject: old.subject, preheader: old.preheader, bodyHtml: old.bodyHtml, bodyText: old.bodyText },
    expectedVersion,
    editor,
    "email_template.restore",
  );
}

/** Refused for a system template (the product sends it) and for a template a cadence step sends. */
export async function deleteTemplate(templateId: string, editor: TemplateEditor): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const template = await lockTemplate(tx, templateId);
    if (template.key) {
      throw new Refusal(`“${template.name}” is a system template: the product sends it, so it cannot be deleted. You can edit its text instead.`, {
        status: 409,
        title: "Failed to delete template",
      });
    }
    const usedBy = await cadencesUsingTemplate(templateId, tx);
    if (usedBy.length > 0) {
      const names = usedBy.map((cadence) => `“${cadence.name}”`).join(", ");
      throw new Refusal(`“${template.name}” is used by ${usedBy.length === 1 ? "the cadence" : "the cadences"} ${names}. Remove it from their steps first.`, {
        status: 409,
        title: "Failed to delete template",
      });
    }
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, templateId));
    await recordAuditEntry(tx, auditActor(editor), {
      action: "email_template.delete",
      entityType: "email_template",
      entityId: templateId,
      summary: `Deleted the template “${template.name}”`,
    });
    return template;
  });
}

/** 'Clone': an admin-made copy named '{name} (Copy)', at version 1 (a clone of a system template is not a system template). */
export async function cloneTemplate(templateId: string, editor: TemplateEditor): Promise<EmailTemplate> {
  return db().transaction(async (tx) => {
    const [source] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    if (!source) throw notFound("Template not found");
    const [copy] = await tx
      .insert(emailTemplates)
      .values({
        key: null,
        name: `${source.name} (Copy)`.slice(0, 200),
        subject: source.subject,
        preheader: source.preheader,
        bodyText: source.bodyText,
        bodyHtml: source.bodyHtml,
        version: 1,
        updatedBy: editor.email,
      })
      .returning();
    if (!copy) throw new Error("The copy was not saved");
    await recordAuditEntry(tx, auditActor(editor), {
      action: "email_template.clone",
      entityType: "email_template",
      entityId: copy.id,
      summary: `Cloned “${source.name}” as “${copy.name}”`,
      details: { sourceTemplateId: source.id },
    });
    return copy;
  });
}

/** The sample values the preview and 'Send test' fill: the catalog's, with the agency's real name. */
export async function templateSampleValues(): Promise<Record<string, string>> {
  const settings = await getOrganizationSettings();
  const samples = sampleTemplateValues();
  return settings.companyName ? { ...samples, CompanyName: settings.companyName } : samples;
}

/** 'Send test': the saved template with sample values, through the outbox, marked as a test in the log. */
export async function sendTemplateTest(templateId: string, to: string, editor: TemplateEditor): Promise<EmailOutboxMessage> {
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
      metadata: { test: true, templateId: template.id, templateVersion: template.version, sentBy: editor.email },
      actorUserId: editor.id,
    });
    if (!queued) throw new Error("The test message was not queued");
    return queued;
  });
}
