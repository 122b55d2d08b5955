import { readListView } from "~/lists/list-view";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { EMAIL_LOG_VIEW } from "~/email/email-log-view";
import { findEmailMessage, listEmailMessages, sendMessageAgain } from "~/email/email-log.server";
import { enqueueEmail } from "~/email/outbox.server";
import { emailOutbox } from "~/email/schema";
import { user } from "~/auth/schema";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// The audit log and the timeline name a real account.
beforeEach(async () => {
  await db().insert(user).values([
    { id: "admin-1", name: "Admin One", email: "admin@example.com" },
    { id: "admin-2", name: "Admin Two", email: "second@example.com" },
  ]);
});

const admin = testActor({ userId: "admin-1", email: "admin@example.com" });

async function queue(to: string, emailType = "promo_welcome", createdAt?: Date) {
  const queued = await enqueueEmail(db(), { to, subject: `Hello ${to}`, html: "<p>Hi</p>", text: "Hi", emailType, attachments: [{ filename: "invite.ics", contentType: "text/calendar", content: Buffer.from("BEGIN:VCALENDAR").toString("base64") }] });
  if (createdAt) await db().update(emailOutbox).set({ createdAt }).where(eq(emailOutbox.id, queued!.id));
  return queued!;
}

const view = (query: string) => readListView(new URLSearchParams(query), EMAIL_LOG_VIEW);

describe("the e-mail log", () => {
  it("lists messages newest first, paged by keyset, with their current status", async () => {
    const base = Date.parse("2026-11-01T12:00:00Z");
    for (let index = 0; index < 7; index += 1) await queue(`p${index}@example.com`, "promo_welcome", new Date(base + index * 60_000));
    const first = await listEmailMessages({ view: view(""), pageSize: 3 });
    expect(first.messages.map((message) => message.toEmail)).toEqual(["p6@example.com", "p5@example.com", "p4@example.com"]);
    expect(first.messages[0]?.status).toBe("queued");
    const second = await listEmailMessages({ view: view(""), pageSize: 3, after: first.nextCursor });
    expect(second.messages.map((message) => message.toEmail)).toEqual(["p3@example.com", "p2@example.com", "p1@example.com"]);
    const back = await listEmailMessages({ view: view(""), pageSize: 3, before: second.previousCursor });
    expect(back.messages.map((message) => message.toEmail)).toEqual(first.messages.map((message) => message.toEmail));
    const garbage = await listEmailMessages({ view: view(""), pageSize: 3, after: "not-a-cursor" });
    expect(garbage.messages).toHaveLength(3);
  });

  it("filters by type, status and a recipient substring (wildcards taken literally)", async () => {
    await queue("ana@shop.test", "promo_welcome");
    await queue("bo@shop.test", "invoice");
    await queue("cy_x@other.test", "invoice");
    await deliverDueEmails({ transport: null });
    await queue("dee@shop.test", "invoice");
    const byType = await listEmailMessages({ view: view("type=invoice") });
    expect(byType.messages.map((message) => message.toEmail).sort()).toEqual(["bo@shop.test", "cy_x@other.test", "dee@shop.test"]);
    const stored = await listEmailMessages({ view: view("status=stored&q=SHOP") });
    expect(stored.messages.map((message) => message.toEmail).sort()).toEqual(["ana@shop.test", "bo@shop.test"]);
    const queued = await listEmailMessages({ view: view("status=queued") });
    expect(queued.messages.map((message) => message.toEmail)).toEqual(["dee@shop.test"]);
    const literal = await listEmailMessages({ view: view("q=_x@") });
    expect(literal.messages.map((message) => message.toEmail)).toEqual(["cy_x@other.test"]);
    expect(view("status=bogus&type=DROP TABLE")).toMatchObject({ status: null, type: null, q: "" });
  });

  it("shows a message with its attempts, and sends a stored one again as a new message, once", async () => {
    const original = await queue("kept@example.com");
    await deliverDueEmails({ transport: null });
    const detail = await findEmailMessage(original.id);
    expect(detail?.status).toBe("stored");
    expect(detail?.attempts.map((attempt) => attempt.status)).toEqual(["stored"]);

    const [copy, twice] = await Promise.allSettled([sendMessageAgain(admin, original.id), sendMessageAgain(admin, original.id)]);
    expect([copy.status, twice.status].sort()).toEqual(["fulfilled", "rejected"]);
    const made = copy.status === "fulfilled" ? copy.value : twice.status === "fulfilled" ? twice.value : null;
    expect(made).toMatchObject({ toEmail: "kept@example.com", status: "pending", subject: original.subject });
    expect(made?.attachments).toEqual(original.attachments);
    const after = await findEmailMessage(original.id);
    expect(after?.status).toBe("stored");
    expect(after?.sentAgainAs?.id).toBe(made?.id);
    expect((await findEmailMessage(made!.id))?.copyOf).toBe(original.id);
    // One entry, for the copy that was made, naming who; the refused second click wrote none.
    const entries = await listAuditEntries({ action: "email.send_again" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: "email_outbox", entityId: made?.id, actorUserId: "admin-1", ipAddress: "203.0.113.7", details: { copyOf: original.id } });
    expect(entries[0]?.summary).not.toContain("kept@example.com");
  });

  it("refuses to send again a message that was sent or is still on its way", async () => {
    const waiting = await queue("waiting@example.com");
    await expect(sendMessageAgain(admin, waiting.id)).rejects.toThrow(/not finished its delivery/);
    await db().update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, waiting.id));
    await expect(sendMessageAgain(admin, waiting.id)).rejects.toThrow(/sent already/);
    expect(await db().select().from(emailOutbox)).toHaveLength(1);
    expect(await listAuditEntries()).toEqual([]);
  });

  it("sends a failed message again", async () => {
    const failed = await queue("gone@example.com");
    await db().update(emailOutbox).set({ status: "failed", attempts: 5, lastError: "550 Mailbox unavailable" }).where(eq(emailOutbox.id, failed.id));
    const copy = await sendMessageAgain(admin, failed.id);
    expect(copy.metadata).toMatchObject({ sentAgainFrom: failed.id });
    const page = await listEmailMessages({ view: view("status=failed") });
    expect(page.messages.map((message) => message.id)).toEqual([failed.id]);
  });
});
