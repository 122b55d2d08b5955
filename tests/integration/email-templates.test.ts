import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/audit/schema";
import { db } from "~/db/connection.server";
import { cadences } from "~/cadences/schema";
import { DEFAULT_EMAIL_TEMPLATES } from "~/email/default-templates";
import { emailOutbox, emailTemplates, emailTemplateVersions } from "~/email/schema";
import { SYSTEM_TEMPLATE_KEPT, templateDeleteRefusal, templateFormSchema } from "~/email/template-forms";
import { action as templateAction } from "~/email/template-page";
import { action as templatesAction } from "~/email/templates-page";
import {
  cloneTemplate,
  createTemplate,
  deleteTemplate,
  findTemplateForEditor,
  listTemplates,
  restoreTemplateVersion,
  saveTemplate,
  sendTemplateTest,
} from "~/email/templates.server";
import { Refusal } from "~/refusal/refusal";
import { seedReferenceData } from "~/reference-data.server";
import { user } from "~/auth/schema";
import { testActor } from "../support/actors";
import { bodyOf, postToAction, statusOf } from "../support/route-actions";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// The audit log and the timeline name a real account.
beforeEach(async () => {
  await db().insert(user).values([
    { id: "admin-1", name: "Admin One", email: "admin@example.com" },
    { id: "admin-2", name: "Admin Two", email: "second@example.com" },
  ]);
});

const editor = testActor({ userId: "admin-1", email: "admin@example.com" });
const input = (overrides: Partial<Parameters<typeof createTemplate>[1]> = {}) => ({
  name: "Follow-up day 3",
  subject: "Still thinking about it, {{FirstName}}?",
  preheader: "Your code {{PromoCode}} is waiting.",
  bodyHtml: "<p>Hi {{FirstName}}, your code {{PromoCode}} expires {{ExpiryDate}}.</p>",
  bodyText: "Hi {{FirstName}}, your code {{PromoCode}} expires {{ExpiryDate}}.",
  ...overrides,
});

describe("saving a template", () => {
  it("increases the version and keeps every previous one, with who saved it and when", async () => {
    const created = await createTemplate(editor, input());
    expect(created.version).toBe(1);
    const second = await saveTemplate(testActor({ userId: "admin-2", email: "second@example.com" }), created.id, input({ subject: "Second {{FirstName}}" }), 1);
    const third = await saveTemplate(editor, created.id, input({ subject: "Third {{FirstName}}" }), 2);
    expect([second.version, third.version]).toEqual([2, 3]);
    const versions = await db().select().from(emailTemplateVersions).where(eq(emailTemplateVersions.templateId, created.id)).orderBy(emailTemplateVersions.version);
    expect(versions.map((version) => [version.version, version.subject, version.savedBy])).toEqual([
      [1, "Still thinking about it, {{FirstName}}?", "admin@example.com"],
      [2, "Second {{FirstName}}", "second@example.com"],
    ]);
    const loaded = await findTemplateForEditor(created.id);
    expect(loaded?.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, created.id))).toHaveLength(3);
  });

  it("refuses a save made from an older version instead of overwriting someone else's text", async () => {
    const created = await createTemplate(editor, input());
    await saveTemplate(editor, created.id, input({ subject: "Mine" }), 1);
    await expect(saveTemplate(editor, created.id, input({ subject: "Theirs" }), 1)).rejects.toThrow(/saved by someone else/);
    const [row] = await db().select().from(emailTemplates).where(eq(emailTemplates.id, created.id));
    expect(row).toMatchObject({ subject: "Mine", version: 2 });
  });

  it("restores an earlier version as the newest one, keeping the history", async () => {
    const created = await createTemplate(editor, input());
    await saveTemplate(editor, created.id, input({ subject: "Changed" }), 1);
    const restored = await restoreTemplateVersion(editor, created.id, 1, 2);
    expect(restored).toMatchObject({ version: 3, subject: "Still thinking about it, {{FirstName}}?" });
    expect(await db().select().from(emailTemplateVersions).where(eq(emailTemplateVersions.templateId, created.id))).toHaveLength(2);
  });

  it("lets a system template be edited like any other", async () => {
    const [system] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "promo_welcome"));
    const saved = await saveTemplate(editor, system!.id, input({ name: system!.name }), system!.version);
    expect(saved).toMatchObject({ key: "promo_welcome", version: system!.version + 1 });
  });

  it("a system template keeps an admin's edits at every start; one nobody saved follows the text shipped now", async () => {
    const [edited] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "promo_welcome"));
    await saveTemplate(editor, edited!.id, input({ name: edited!.name }), edited!.version);
    // An install made before a shipped e-mail was improved: its unsaved copy holds the older text.
    await db().update(emailTemplates).set({ bodyText: "Older shipped text" }).where(eq(emailTemplates.key, "inquiry_confirmation_promo"));
    await seedReferenceData();
    const [kept] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "promo_welcome"));
    expect(kept).toMatchObject({ version: 2, bodyText: input().bodyText });
    const [refreshed] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "inquiry_confirmation_promo"));
    expect(refreshed).toMatchObject({ version: 1, bodyText: DEFAULT_EMAIL_TEMPLATES.find((template) => template.key === "inquiry_confirmation_promo")?.bodyText });
    expect(refreshed!.bodyText).toContain("{{PromoCode}}");
  });

  it("refuses unknown variables and broken placeholders in the form, naming them", () => {
    const parsed = templateFormSchema.safeParse(input({ subject: "Hi {{Frist}}", bodyText: "Hi {{ FirstName" }));
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`) ?? [];
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining("subject: Unknown variable {{Frist}}"), expect.stringContaining("bodyText: Broken placeholder “{{ FirstName”")]));
  });
});

describe("deleting a template", () => {
  it("refuses a system template, saying why", async () => {
    const [system] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "invoice"));
    const refusal = await deleteTemplate(editor, system!.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect((refusal as Refusal).message).toBe("System template: edit it, it cannot be deleted");
    expect(await db().select().from(emailTemplates).where(eq(emailTemplates.id, system!.id))).toHaveLength(1);
  });

  it("refuses a posted delete of a system template, from the list and from its page, with the reason its disabled 'Delete' shows", async () => {
    const [system] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "promo_welcome"));
    const { cookie } = await signedInCookie({ admin: true });
    const fromList = await postToAction(templatesAction, "/admin/templates", cookie, { intent: "delete-template", templateId: system!.id, returnTo: "/admin/templates" });
    const fromPage = await postToAction(templateAction, `/admin/templates/${system!.id}`, cookie, { intent: "delete-template" }, { templateId: system!.id });
    for (const answer of [fromList, fromPage]) {
      expect(statusOf(answer)).toBe(409);
      expect(bodyOf(answer)).toMatchObject({ formErrorTitle: "Failed to delete template", formError: SYSTEM_TEMPLATE_KEPT });
    }
    expect(templateDeleteRefusal(system!)).toBe(SYSTEM_TEMPLATE_KEPT);
    expect(await db().select().from(emailTemplates).where(eq(emailTemplates.id, system!.id))).toHaveLength(1);
  });

  it("refuses a template a cadence step sends, naming the cadence; deletes it once no step uses it", async () => {
    const created = await createTemplate(editor, input());
    const [cadence] = await db()
      .insert(cadences)
      .values({ name: "Promo follow-up", steps: [
          { delayAmount: 0, delayUnit: "days", templateId: created.id, conditions: [] },
          { delayAmount: 3, delayUnit: "days", templateId: "00000000-0000-4000-8000-000000000000", conditions: [] },
        ] })
      .returning();
    await expect(deleteTemplate(editor, created.id)).rejects.toThrow(/used by the cadence “Promo follow-up”/);
    await db().update(cadences).set({ steps: [] }).where(eq(cadences.id, cadence!.id));
    await deleteTemplate(editor, created.id);
    expect(await db().select().from(emailTemplates).where(eq(emailTemplates.id, created.id))).toHaveLength(0);
  });
});

describe("cloning and listing", () => {
  it("clones as '{name} (Copy)', an admin template at version 1, listed by name", async () => {
    const [system] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "promo_welcome"));
    const copy = await cloneTemplate(editor, system!.id);
    expect(copy).toMatchObject({ name: `${system!.name} (Copy)`, key: null, version: 1, subject: system!.subject });
    const page = await listTemplates({ search: "(Copy)" });
    expect(page.templates.map((template) => template.id)).toEqual([copy.id]);
  });

  it("pages through templates by name with keyset cursors", async () => {
    const all = await listTemplates({ pageSize: 1000 });
    const first = await listTemplates({ pageSize: 5 });
    const second = await listTemplates({ pageSize: 5, after: first.nextCursor });
    expect([...first.templates, ...second.templates].map((template) => template.id)).toEqual(all.templates.slice(0, 10).map((template) => template.id));
    const back = await listTemplates({ pageSize: 5, before: second.previousCursor });
    expect(back.templates.map((template) => template.id)).toEqual(first.templates.map((template) => template.id));
  });
});

describe("send test", () => {
  it("queues the saved template with sample values, marked as a test", async () => {
    const created = await createTemplate(editor, input());
    const queued = await sendTemplateTest(editor, created.id, "tester@example.com");
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(row).toMatchObject({ toEmail: "tester@example.com", emailType: "test", status: "pending", subject: "[Test] Still thinking about it, Jordan?" });
    expect(row?.metadata).toMatchObject({ test: true, templateId: created.id });
    expect(row?.html).toContain("LAUNCH-7K2QX9");
    expect(row?.text).not.toContain("{{");
  });
});

describe("the audit log of templates", () => {
  it("gets one entry per change from the service, with the Actor it was given and no template text; a refused change writes none", async () => {
    const created = await createTemplate(editor, input());
    await saveTemplate(editor, created.id, input({ subject: "Changed" }), 1);
    await restoreTemplateVersion(editor, created.id, 1, 2);
    const copy = await cloneTemplate(editor, created.id);
    await sendTemplateTest(editor, created.id, "tester@example.com");
    await deleteTemplate(editor, copy.id);
    const entries = await db().select().from(auditLog);
    expect(entries.map((entry) => [entry.action, entry.entityType, entry.entityId]).sort()).toEqual(
      [
        ["email_template.create", "email_template", created.id],
        ["email_template.save", "email_template", created.id],
        ["email_template.restore", "email_template", created.id],
        ["email_template.clone", "email_template", copy.id],
        ["template.send-test", "email_template", created.id],
        ["email_template.delete", "email_template", copy.id],
      ].sort(),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: "admin-1", actorEmail: "admin@example.com", ipAddress: "203.0.113.7" });
      expect(entry.summary).not.toMatch(/Follow-up|tester@example\.com/);
    }

    const [system] = await db().select().from(emailTemplates).where(eq(emailTemplates.key, "invoice"));
    await expect(saveTemplate(editor, created.id, input(), 1)).rejects.toThrow(/saved by someone else/);
    await expect(deleteTemplate(editor, system!.id)).rejects.toThrow(SYSTEM_TEMPLATE_KEPT);
    expect(await db().select().from(auditLog)).toHaveLength(entries.length);
  });
});
