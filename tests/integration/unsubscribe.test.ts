import { withClientAddress } from "~/request-safety/client-address.server";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/audit/schema";
import { getSignedInUser } from "~/auth/guard.server";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { enqueueEmail, type OutgoingEmail } from "~/email/outbox.server";
import { emailLogs, emailOutbox, emailSuppressions } from "~/email/schema";
import { action as suppressionsAction, loader as suppressionsLoader } from "~/email/suppressions-page";
import { findSuppression, suppressEmail } from "~/email/suppression.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/email/unsubscribe-page";
import { unsubscribeKey, verifyUnsubscribeToken } from "~/email/unsubscribe-token.server";
import { leads, leadTimelineEvents } from "~/leads/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.stop();
});

const smtp = () => nodemailer.createTransport(mail.url);

function marketing(to: string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return { to, subject: "Your site, two weeks on", html: "<p>Hello again</p>", text: "Hello again", emailType: "cadence_step", category: "marketing", ...extra };
}

function transactional(to: string): OutgoingEmail {
  return { to, subject: "Your invoice", html: "<p>Invoice</p>", text: "Invoice", emailType: "invoice" };
}

async function outboxRow(id: string) {
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new Error("no outbox row");
  return row;
}

async function addLead(email: string) {
  const [lead] = await db().insert(leads).values({ name: "Ana Lima", email, source: "website", status: "new" }).returning();
  if (!lead) throw new Error("no lead");
  return lead;
}

async function leadEvents(leadId: string) {
  return (await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, leadId))).map((event) => event.event);
}

/** The unsubscribe link a marketing message carries, read from its text part. */
function linkIn(text: string): { url: string; token: string } {
  const url = /Unsubscribe: (\S+)/.exec(text)?.[1];
  if (!url) throw new Error(`no unsubscribe link in: ${text}`);
  return { url, token: url.split("/unsubscribe/")[1] ?? "" };
}

type Answer = { ok?: boolean; done?: string; formError?: string; link?: { email: string; suppressedReason: string | null } | null; invalid?: string | null };

/** What a route answered: its status and its data (`data()` answers carry both; a plain object is a 200). */
function answered(result: unknown): { status: number; body: Answer } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { init, data } = result as { init?: { status?: number } | null; data: Answer };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Answer };
}

/** A POST to /unsubscribe/{token} as a mail client sends it (RFC 8058): no cookie, no Origin, only the one-click body. */
async function postUnsubscribe(token: string, fields: Record<string, string> = { "List-Unsubscribe": "One-Click" }) {
  const request = new Request(`http://localhost/unsubscribe/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return answered(await unsubscribeAction({ request, params: { token }, context: {} } as Parameters<typeof unsubscribeAction>[0]));
}

async function openUnsubscribe(token: string) {
  const request = new Request(`http://localhost/unsubscribe/${token}`);
  return answered(await unsubscribeLoader({ request, params: { token }, context: {} } as Parameters<typeof unsubscribeLoader>[0]));
}

describe("marketing mail and the suppression list", () => {
  it("carries List-Unsubscribe (one-click) and a visible link in HTML and text, signed for its address and message", async () => {
    const queued = await enqueueEmail(db(), marketing("reader@example.com"));
    expect((await deliverDueEmails({ transport: smtp() })).sent).toBe(1);
    const received = await mail.waitFor((m) => m.envelopeTo.includes("reader@example.com"));

    const header = (name: string) => received.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, " ") ?? "";
    const { url, token } = linkIn(received.text ?? "");
    expect(url).toMatch(/^http:\/\/localhost:\d+\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${url}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(received.html).toContain(`<a href="${url}"`);
    expect(received.html).toContain(">Unsubscribe</a>");
    expect(verifyUnsubscribeToken(await unsubscribeKey(db()), token)).toEqual({ email: "reader@example.com", outboxId: queued!.id });
  });

  it("sends transactional mail without unsubscribe headers or footer, even to a suppressed address", async () => {
    await suppressEmail(db(), { email: "Gone@Example.com", reason: "unsubscribed" });
    const queued = await enqueueEmail(db(), transactional("gone@example.com"));
    expect(queued?.status).toBe("pending");
    expect((await deliverDueEmails({ transport: smtp() })).sent).toBe(1);
    const received = await mail.waitFor((m) => m.envelopeTo.includes("gone@example.com"));
    expect(received.headerLines.some((line) => line.key.startsWith("list-unsubscribe"))).toBe(false);
    expect(received.text).not.toContain("Unsubscribe");
  });

  it("holds back marketing mail to a suppressed address at enqueue: 'suppressed' in the outbox, the log and the lead's timeline", async () => {
    const lead = await addLead("held@example.com");
    await suppressEmail(db(), { email: "held@example.com", reason: "unsubscribed" });
    const queued = await enqueueEmail(db(), marketing("HELD@example.com", { leadId: lead.id }));
    expect(queued?.status).toBe("suppressed");

    const before = mail.messages.length;
    expect(await deliverDueEmails({ transport: smtp() })).toMatchObject({ sent: 0, suppressed: 0 });
    expect(mail.messages.length).toBe(before);
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.outboxId, queued!.id));
    expect(logs.map((log) => [log.status, log.error])).toEqual([["suppressed", "Not sent: the address unsubscribed from marketing e-mail"]]);
    expect(await leadEvents(lead.id)).toEqual(["email_suppressed"]);
  });

  it("checks again at send time: an address suppressed after the message was queued is not mailed", async () => {
    const queued = await enqueueEmail(db(), marketing("later@example.com"));
    expect(queued?.status).toBe("pending");
    await suppressEmail(db(), { email: "later@example.com", reason: "admin" });
    const before = mail.messages.length;
    expect(await deliverDueEmails({ transport: smtp() })).toMatchObject({ sent: 0, suppressed: 1 });
    expect(mail.messages.length).toBe(before);
    expect((await outboxRow(queued!.id)).status).toBe("suppressed");
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.outboxId, queued!.id));
    expect(logs.map((log) => log.status)).toEqual(["suppressed"]);
  });

  it("a permanent rejection of the recipient (550 at RCPT TO) fails the message and suppresses the address as bounced", async () => {
    mail.refuseRecipient("nobody@example.com");
    const queued = await enqueueEmail(db(), transactional("nobody@example.com"));
    expect((await deliverDueEmails({ transport: smtp() })).failed).toBe(1);
    const row = await outboxRow(queued!.id);
    expect(row.status).toBe("failed");
    const suppression = await findSuppression(db(), "nobody@example.com");
    expect(suppression?.reason).toBe("bounced");
    expect(suppression?.detail).toContain("No such user here");
    expect(suppression?.detail).toBe(row.lastError);

    // From now on, marketing to it is held back; a temporary failure suppresses nothing.
    expect((await enqueueEmail(db(), marketing("nobody@example.com")))?.status).toBe("suppressed");
    mail.refuse("temporary");
    try {
      await enqueueEmail(db(), transactional("busy@example.com"));
      expect((await deliverDueEmails({ transport: smtp() })).retrying).toBe(1);
    } finally {
      mail.refuse(false);
    }
    expect(await findSuppression(db(), "busy@example.com")).toBeUndefined();
  });
});

describe("the unsubscribe link", () => {
  it("opening it changes nothing; the one-click POST suppresses the address once, on every lead with it, and stops queued mail", async () => {
    const first = await addLead("ana@example.com");
    const second = await addLead("Ana@Example.com");
    const queued = await enqueueEmail(db(), marketing("ana@example.com", { leadId: first.id }));
    const waiting = await enqueueEmail(db(), marketing("ana@example.com", { sendAfter: new Date(Date.now() + 60_000) }));
    const { token } = linkIn(queued!.text);

    const opened = await openUnsubscribe(token);
    expect(opened).toEqual({ status: 200, body: { link: { email: "ana@example.com", suppressedReason: null }, invalid: null } });
    expect(await findSuppression(db(), "ana@example.com")).toBeUndefined();

    const posted = await postUnsubscribe(token);
    expect(posted).toEqual({ status: 200, body: { ok: true, done: "unsubscribed" } });
    const suppression = await findSuppression(db(), "ana@example.com");
    expect(suppression?.reason).toBe("unsubscribed");
    expect(suppression?.detail).toBe("Unsubscribe link in “Your site, two weeks on”");
    expect((await postUnsubscribe(token)).status).toBe(200);
    expect(await leadEvents(first.id)).toEqual(["email_queued", "unsubscribed"]);
    expect(await leadEvents(second.id)).toEqual(["unsubscribed"]);
    expect((await openUnsubscribe(token)).body.link?.suppressedReason).toBe("unsubscribed");

    const report = await deliverDueEmails({ transport: smtp(), now: new Date(Date.now() + 120_000) });
    expect(report).toMatchObject({ sent: 0, suppressed: 2 });
    expect((await outboxRow(waiting!.id)).status).toBe("suppressed");
  });

  it("resubscribes an address that unsubscribed itself, but not one that bounced", async () => {
    const lead = await addLead("back@example.com");
    const queued = await enqueueEmail(db(), marketing("back@example.com"));
    const { token } = linkIn(queued!.text);
    await postUnsubscribe(token);
    expect(await postUnsubscribe(token, { intent: "resubscribe" })).toEqual({ status: 200, body: { ok: true, done: "resubscribed" } });
    expect(await findSuppression(db(), "back@example.com")).toBeUndefined();
    expect(await leadEvents(lead.id)).toEqual(["unsubscribed", "resubscribed"]);

    await suppressEmail(db(), { email: "back@example.com", reason: "bounced", detail: "550 No such user" });
    const refused = await postUnsubscribe(token, { intent: "resubscribe" });
    expect(refused.status).toBe(409);
    expect((await findSuppression(db(), "back@example.com"))?.reason).toBe("bounced");
  });

  it("refuses a forged or altered link with 400 and changes nothing", async () => {
    const queued = await enqueueEmail(db(), marketing("real@example.com"));
    const { token } = linkIn(queued!.text);
    const signature = token.split(".")[1];
    const forged = `${Buffer.from(JSON.stringify(["victim@example.com", null])).toString("base64url")}.${signature}`;
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, altered, "nonsense"]) {
      const posted = await postUnsubscribe(bad);
      expect(posted.status).toBe(400);
      expect(posted.body.formError).toMatch(/not valid/);
      expect((await openUnsubscribe(bad)).status).toBe(400);
    }
    expect(await db().select().from(emailSuppressions)).toEqual([]);
  });
});

describe("the back-office suppression list", () => {
  async function asAdmin() {
    const { cookie } = await signedInCookie({ admin: true });
    const admin = await getSignedInUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    const post = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost/admin/emails/suppressions", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      // As the server runs an action: the request's address in its context and in its scope (the guard's Actor reads it there).
      const args = { request, params: {}, context: { clientAddress: "203.0.113.7" } } as unknown as Parameters<typeof suppressionsAction>[0];
      return answered(await withClientAddress("203.0.113.7", () => suppressionsAction(args)));
    };
    const list = async (query = "") => {
      const request = new Request(`http://localhost/admin/emails/suppressions${query}`, { headers: { Cookie: cookie } });
      return suppressionsLoader({ request, params: {}, context: {} } as Parameters<typeof suppressionsLoader>[0]);
    };
    return { adminId: admin!.id, post, list };
  }

  it("adds an address (audited, on its leads' timelines), refuses a bad or duplicate one, searches, pages and removes", async () => {
    const { adminId, post, list } = await asAdmin();
    const lead = await addLead("spam-trap@example.com");

    expect(await post({ intent: "add-suppression", email: " Spam-Trap@Example.com ", note: "Asked by phone" })).toMatchObject({
      status: 200,
      body: { ok: true, toast: "Address added to the suppression list" },
    });
    const bad = await post({ intent: "add-suppression", email: "not an address" });
    expect(bad.status).toBe(400);
    const duplicate = await post({ intent: "add-suppression", email: "spam-trap@example.com" });
    expect(duplicate.status).toBe(409);
    expect(await findSuppression(db(), "spam-trap@example.com")).toMatchObject({ reason: "admin", detail: "Asked by phone" });
    expect(await leadEvents(lead.id)).toEqual(["unsubscribed"]);

    for (let index = 0; index < 55; index += 1) await suppressEmail(db(), { email: `bulk${index}@example.org`, reason: "bounced" });
    const firstPage = await list();
    expect(firstPage.suppressions).toHaveLength(50);
    expect(firstPage.nextCursor).not.toBeNull();
    const secondPage = await list(`?after=${firstPage.nextCursor}`);
    expect(secondPage.suppressions).toHaveLength(6);
    expect(new Set([...firstPage.suppressions, ...secondPage.suppressions].map((row) => row.email)).size).toBe(56);
    expect((await list("?q=TRAP")).suppressions.map((row) => row.email)).toEqual(["spam-trap@example.com"]);
    expect((await list("?q=%25")).suppressions).toEqual([]);

    expect(await post({ intent: "remove-suppression", email: "spam-trap@example.com" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await findSuppression(db(), "spam-trap@example.com")).toBeUndefined();
    expect((await post({ intent: "remove-suppression", email: "spam-trap@example.com" })).status).toBe(404);
    expect(await leadEvents(lead.id)).toEqual(["unsubscribed", "resubscribed"]);

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "email_suppression"), eq(auditLog.actorUserId, adminId)));
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.ipAddress]).sort()).toEqual([
      ["email.suppression-add", "spam-trap@example.com", "203.0.113.7"],
      ["email.suppression-remove", "spam-trap@example.com", "203.0.113.7"],
    ]);
  });
});
