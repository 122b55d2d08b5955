import { describe, expect, it } from "vitest";
import { listAuditEntries, recordAuditEntry } from "~/audit/audit-log.server";
import { auditLog } from "~/audit/schema";
import { db } from "~/db/connection.server";
import { loader as auditLogLoader } from "~/settings/audit-log-page";
import { testActor } from "../support/actors";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

/** The Security tab's audit log as an admin's browser asks for it. */
async function openLog(cookie: string, query = "") {
  const request = new Request(`http://localhost/admin/settings/security/audit${query}`, { headers: { Cookie: cookie } });
  return auditLogLoader({ request, params: {}, context: {} } as Parameters<typeof auditLogLoader>[0]);
}

/** 60 entries, one a minute from 1 November 2026 09:00 New York time (the settings' zone); every third a lead's. */
async function aLog() {
  const start = Date.parse("2026-11-01T14:00:00Z");
  await db()
    .insert(auditLog)
    .values(
      Array.from({ length: 60 }, (_, index) => ({
        occurredAt: new Date(start + index * 60_000),
        actorEmail: "owner@example.com",
        action: index % 3 === 0 ? "lead.change-status" : "email_template.save",
        entityType: index % 3 === 0 ? "lead" : "email_template",
        entityId: crypto.randomUUID(),
        summary: `Entry ${index}`,
      })),
    );
}

describe("the audit log page", () => {
  it("pages the log newest first by keyset, forward and back, and an edited cursor is the first page", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    await aLog();
    const first = await openLog(cookie);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.summary).toBe("Entry 59");
    expect(first.previousCursor).toBeNull();
    const second = await openLog(cookie, `?after=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.summary)).toEqual(Array.from({ length: 10 }, (_, index) => `Entry ${9 - index}`));
    expect(second.nextCursor).toBeNull();
    const back = await openLog(cookie, `?before=${second.previousCursor}`);
    expect(back.entries.map((entry) => entry.id)).toEqual(first.entries.map((entry) => entry.id));
    expect((await openLog(cookie, "?after=bm90LWEtY3Vyc29y")).entries[0]?.summary).toBe("Entry 59");
  });

  it("filters by domain, record kind and a day range in the business time zone, and ignores what it cannot read", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    await aLog();
    const templates = await openLog(cookie, "?domain=email_template");
    expect(templates.entries).toHaveLength(40);
    expect(templates.view.domain).toBe("email_template");
    expect((await openLog(cookie, "?type=lead")).entries).toHaveLength(20);
    expect((await openLog(cookie, "?from=2026-11-02")).entries).toEqual([]);
    expect((await openLog(cookie, "?from=2026-11-01&to=2026-11-01&type=lead")).entries).toHaveLength(20);
    const edited = await openLog(cookie, "?domain=lead'%20or%201=1&from=2026-02-30");
    expect(edited.view).toMatchObject({ domain: null, from: null });
    expect(edited.entries).toHaveLength(50);
  });
});

describe("the audit log's order", () => {
  it("lists entries written in one millisecond in the order they were made", async () => {
    const admin = testActor({ email: "owner@example.com" });
    // Back to back, many share their millisecond (occurred_at); a random id would shuffle those.
    for (let step = 0; step < 40; step += 1) {
      await recordAuditEntry(db(), admin, { action: "settings.save-organization", summary: `Step ${step}` });
    }
    const listed = await listAuditEntries({ limit: 40 });
    expect(listed.map((entry) => entry.summary).reverse()).toEqual(Array.from({ length: 40 }, (_, step) => `Step ${step}`));
  });
});
