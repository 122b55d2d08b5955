import { execFile } from "node:child_process";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { DEFAULT_EMAIL_TEMPLATES } from "~/email/default-templates";
import { enqueueEmail, enqueueTemplatedEmail } from "~/email/outbox.server";
import { createTemplate, sendTemplateTest, templateSampleValues } from "~/email/templates.server";
import { user } from "~/auth/schema";
import { testActor } from "../support/actors";
import { startMailServer, type ReceivedMail, type TestMailServer } from "../support/mail-server";
import { withTestDatabase } from "../support/test-database";

/**
 * Every kind of mail the product sends (each system template with sample values, and a 'Send
 * test' of an admin's template) goes through the real outbox, worker and SMTP, and the message
 * as received is scored by SpamAssassin with its local rules only (`-L`: no network). Each must
 * stay under 2.0 (SpamAssassin's own threshold is 5.0) and be well-formed.
 */
withTestDatabase();

const MAX_SCORE = 2.0;
/** SpamAssassin takes seconds to start: one process per core, each scoring its share as an mbox. */
const PROCESSES = 2;

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.stop();
});

type Score = { score: number; tests: string };

const MBOX_SEPARATOR = "From spam-score-test@localhost Thu Jan  1 00:00:00 2026";

function messageIdOf(source: string): string {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(source)?.[1] ?? "";
}

/** Scores messages in one SpamAssassin run (`--mbox`); it answers them in its own order, so each is matched by its Message-ID. */
function spamScores(raws: Buffer[]): Promise<Score[]> {
  const sources = raws.map((raw) => raw.toString("utf8").replace(/\r\n/g, "\n"));
  const mbox = sources.map((source) => `${MBOX_SEPARATOR}\n${source.replace(/^From /gm, ">From ")}\n`).join("");
  return new Promise((resolve, reject) => {
    const child = execFile("spamassassin", ["-L", "-t", "--mbox"], { maxBuffer: 50 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const byId = new Map<string, Score>();
      for (const answer of stdout.split(`${MBOX_SEPARATOR}\n`)) {
        const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=([\s\S]*?)autolearn/m.exec(answer);
        if (status) byId.set(messageIdOf(answer), { score: Number(status[1]), tests: (status[2] ?? "").replace(/\s+/g, "") });
      }
      const scores = sources.map((source) => byId.get(messageIdOf(source)));
      if (scores.some((score) => !score)) return reject(new Error(`SpamAssassin scored ${byId.size} of ${raws.length} messages:\n${stdout.slice(0, 2000)}`));
      resolve(scores as Score[]);
    });
    child.stdin?.end(mbox);
  });
}

async function scoreAll(messages: ReceivedMail[]): Promise<Score[]> {
  const share = Math.ceil(messages.length / PROCESSES);
  const chunks = Array.from({ length: PROCESSES }, (_, index) => messages.slice(index * share, (index + 1) * share)).filter((chunk) => chunk.length > 0);
  const scored = await Promise.all(chunks.map((chunk) => spamScores(chunk.map((message) => message.raw))));
  return scored.flat();
}

describe("every kind of mail", () => {
  it("is well-formed and scores under 2.0 in SpamAssassin", async () => {
    await db().insert(user).values({ id: "admin-1", name: "Admin", email: "admin@sistersite.studio" });
    const admin = testActor({ userId: "admin-1", email: "admin@sistersite.studio" });
    const variables = await templateSampleValues();
    for (const template of DEFAULT_EMAIL_TEMPLATES) {
      // A client's invoice ends with the client portal's line, as sent while the portal is on, and
      // carries 'Pay now' as sent while card payments are on (decision 047).
      const portalLink = template.key === "invoice" ? "http://localhost:3000/portal" : null;
      const payNowLink = template.key === "invoice" || template.key === "invoice_reminder" ? "http://localhost:3000/invoice/sample-token" : null;
      await enqueueTemplatedEmail(db(), { templateKey: template.key, to: "jordan.rivera@example.net", toName: "Jordan Rivera", emailType: template.key, variables, portalLink, payNowLink });
    }
    const custom = await createTemplate(admin, {
      name: "Follow-up",
      subject: "A quick question about your website, {{FirstName}}",
      preheader: "Your launch price is still reserved.",
      bodyHtml: "<p>Hi {{FirstName}},</p><p>Did you have a chance to think about your new website? Your code {{PromoCode}} is valid until {{ExpiryDate}}.</p><p>Warmly,<br>{{CompanyName}}</p>",
      bodyText: "Hi {{FirstName}},\n\nDid you have a chance to think about your new website? Your code {{PromoCode}} is valid until {{ExpiryDate}}.\n\nWarmly,\n{{CompanyName}}",
    });
    await sendTemplateTest(admin, custom.id, "tester@example.net");
    // A control through the same path: proves the filter really scores what we send.
    const spam = "<p>CLICK HERE!!! Buy VIAGRA and CIALIS now, 100% FREE, no prescription, guaranteed winner of $1,000,000 USD. Act now!</p>";
    await enqueueEmail(db(), { to: "tester@example.net", subject: "FREE MONEY!!! ACT NOW!!! 100% GUARANTEED", html: spam, text: spam.replace(/<[^>]+>/g, ""), emailType: "spam_control" });
    const expected = DEFAULT_EMAIL_TEMPLATES.length + 2;

    const report = await deliverDueEmails({ transport: nodemailer.createTransport(mail.url), batchSize: 100 });
    expect(report.sent).toBe(expected);
    await mail.waitFor(() => mail.messages.length >= expected);

    const control = mail.messages.find((message) => message.subject?.startsWith("FREE MONEY"));
    const messages = mail.messages.filter((message) => message !== control);
    for (const message of messages) {
      const headers = message.raw.toString("utf8").split(/\r?\n\r?\n/)[0] ?? "";
      expect(headers, message.subject).toMatch(/^Message-ID: <[^@\s]+@[^>\s]+>/im);
      expect(headers, message.subject).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} /m);
      expect(message.from?.value[0], message.subject).toMatchObject({ name: "Sister Site Studio", address: "hello@sistersite.studio" });
      expect(message.replyTo?.value[0]?.address, message.subject).toBe("hello@sistersite.studio");
      expect(message.text?.trim(), message.subject).toBeTruthy();
      expect(message.html, message.subject).toBeTruthy();
      for (const part of [message.subject ?? "", message.text ?? "", message.html || ""]) expect(part).not.toMatch(/\{\{|\}\}/);
      for (const image of (message.html || "").match(/<img\b[^>]*>/gi) ?? []) expect(image).toMatch(/\salt="[^"]+"/);
    }

    const started = Date.now();
    const scores = await scoreAll([...messages, control!]);
    const controlScore = scores.pop();
    expect(controlScore?.score).toBeGreaterThanOrEqual(5);
    const seconds = (Date.now() - started) / 1000;
    const results = messages.map((message, index) => ({ subject: message.subject, ...scores[index]! }));
    const tooHigh = results.filter((result) => result.score >= MAX_SCORE);
    expect(tooHigh, `scored ${results.length} messages in ${seconds.toFixed(1)} s:\n${results.map((result) => `${result.score} ${result.subject} ${result.tests}`).join("\n")}`).toEqual([]);
  }, 300_000);
});
