import { sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { emailLogs, emailOutbox } from "./schema";

/**
 * An erased person's mail: the log and the outbox keep that a message of its type was sent and
 * when, but no longer to whom or what it said. A message still waiting is not sent.
 */
export async function eraseRecipient(tx: DatabaseExecutor, email: string, replacement: string): Promise<void> {
  await tx
    .update(emailLogs)
    .set({ recipientEmail: replacement, recipientName: null, subject: null })
    .where(sql`lower(${emailLogs.recipientEmail}) = lower(${email})`);
  await tx
    .update(emailOutbox)
    .set({
      toEmail: replacement,
      toName: null,
      subject: "(erased)",
      html: "",
      text: "",
      attachments: [],
      status: sql`case when ${emailOutbox.status} in ('pending', 'sending') then 'failed' else ${emailOutbox.status} end`,
      lastError: sql`case when ${emailOutbox.status} in ('pending', 'sending') then 'Recipient erased' else ${emailOutbox.lastError} end`,
    })
    .where(sql`lower(${emailOutbox.toEmail}) = lower(${email})`);
}
