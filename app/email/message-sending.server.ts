import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import type { Database } from "~/db/connection.server";
import type { OrganizationSettings } from "~/organization/schema";
import type { DeliveryOutcome } from "./delivery-record.server";
import { headerText } from "./header-text";
import { isPermanentRejection, isRecipientRejection } from "./retry-schedule";
import type { EmailOutboxMessage } from "./schema";
import { unsealed } from "./sealed-links";
import { findSuppression } from "./suppression.server";
import { suppressedMessageNote } from "./suppression-options";
import { unsubscribeUrl } from "./unsubscribe-token.server";

// Sending one message: the SMTP transport, the sender, and what becomes of a claimed message.

let sharedTransport: { url: string; transport: Transporter } | undefined;

/** The SMTP transport of `SMTP_URL`, or null: then messages are stored and shown in the back-office. */
export function mailTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  if (sharedTransport?.url !== url) {
    sharedTransport = { url, transport: nodemailer.createTransport(url) };
  }
  return sharedTransport.transport;
}

/** The From of every e-mail: the Email tab's sender, else the company name and MAIL_FROM (or the reply-to address). */
export function senderOf(settings: OrganizationSettings): { name: string; address: string } {
  return {
    name: settings.senderName ?? settings.companyName ?? "Our studio",
    address: settings.senderEmail ?? config().mailFrom ?? settings.replyToEmail ?? "no-reply@localhost",
  };
}

/** One claimed message: held back (an address that unsubscribed from marketing mail), stored (no SMTP), or sent. */
export async function deliverMessage(
  database: Database,
  transport: Transporter | null,
  message: EmailOutboxMessage,
  from: { name: string; address: string },
  replyTo: string | null,
): Promise<DeliveryOutcome> {
  if (message.category === "marketing") {
    // Checked again at send time: the address may have unsubscribed after the message was queued.
    const suppression = await findSuppression(database, message.toEmail);
    if (suppression) return { status: "suppressed", note: suppressedMessageNote(suppression.reason) };
  }
  if (!transport) return { status: "stored" };
  const unsubscribe = message.category === "marketing" ? await unsubscribeUrl(database, { email: message.toEmail, outboxId: message.id }) : null;
  return send(transport, message, from, replyTo, unsubscribe);
}

async function send(
  transport: Transporter,
  message: EmailOutboxMessage,
  from: { name: string; address: string },
  replyTo: string | null,
  unsubscribe: string | null,
): Promise<DeliveryOutcome> {
  // Its one-time links, kept apart, are put in only here, in what goes out.
  const outgoing = unsealed(message, message.sealed);
  try {
    await transport.sendMail({
      from: { name: headerText(from.name), address: from.address },
      to: message.toName ? { name: headerText(message.toName), address: message.toEmail } : message.toEmail,
      replyTo: replyTo ?? undefined,
      subject: headerText(outgoing.subject),
      text: outgoing.text,
      html: outgoing.html,
      // The outbox id: a receiver (or a test) can tell a re-delivery from a second message.
      messageId: `<${message.id}@outbox.${from.address.split("@")[1] ?? "localhost"}>`,
      // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button and POST to the link.
      ...(unsubscribe ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
      attachments: message.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, "base64"),
      })),
    });
    return { status: "sent" };
  } catch (error) {
    const description = error instanceof Error ? error.message : String(error);
    return isPermanentRejection(error)
      ? { status: "failed", error: description, recipientRejected: isRecipientRejection(error) }
      : { status: "retrying", error: description };
  }
}
