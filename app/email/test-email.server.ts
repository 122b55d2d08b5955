import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { mailTransport, senderOf } from "./message-sending.server";
import { emailLogs } from "./schema";

export type TestEmailOutcome = { sent: true } | { sent: false; error: string };

/**
 * Settings' 'Send test e-mail': sent at once through the SMTP transport, not the outbox, because
 * the admin is waiting to learn whether the server takes mail (the outbox would retry quietly for
 * hours). Logged in email_logs like any delivery. Not a message to a lead or client: nothing is
 * lost when it fails, the admin sees the server's error.
 */
export async function sendTestEmail(actor: Actor, to: string): Promise<TestEmailOutcome> {
  const transport = mailTransport();
  const settings = await getOrganizationSettings();
  const from = senderOf(settings);
  const subject = `Test e-mail from ${settings.companyName ?? from.name}`;
  let outcome: TestEmailOutcome;
  if (!transport) {
    outcome = { sent: false, error: "SMTP is not configured (SMTP_URL is not set): e-mail is stored, not sent." };
  } else {
    try {
      await transport.sendMail({
        from,
        to,
        replyTo: settings.replyToEmail ?? undefined,
        subject,
        text: `This is a test e-mail from the back-office of ${settings.companyName ?? from.name}. If you can read it, e-mail delivery works.`,
      });
      outcome = { sent: true };
    } catch (error) {
      outcome = { sent: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  await db().transaction(async (tx) => {
    const [logged] = await tx
      .insert(emailLogs)
      .values({ recipientEmail: to, subject, emailType: "test", status: outcome.sent ? "sent" : "failed", error: outcome.sent ? null : outcome.error })
      .returning({ id: emailLogs.id });
    await recordAuditEntry(tx, actor, {
      action: "settings.send-test-email",
      entityType: "email_log",
      entityId: logged?.id ?? null,
      summary: outcome.sent ? "Test e-mail sent" : "Test e-mail failed",
      details: { sent: outcome.sent },
    });
  });
  return outcome;
}
