import { eq } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { publish } from "~/events/domain-events";
import { emailOutbox, type SuppressionReason } from "./schema";
import { findSuppression, suppressEmail, suppressionKey, unsuppressEmail } from "./suppression.server";
import { unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeSubject } from "./unsubscribe-token.server";

/**
 * What the recipient of a marketing e-mail does with its unsubscribe link (the page's buttons and
 * a mail client's RFC 8058 one-click POST). The link itself is the capability: a token this
 * installation did not sign is refused and changes nothing.
 */
export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Please use the link from the e-mail exactly as it arrived.";

export type UnsubscribeState = { email: string; suppressedReason: SuppressionReason | null };

async function subjectOf(executor: DatabaseExecutor, token: string): Promise<UnsubscribeSubject> {
  const subject = verifyUnsubscribeToken(await unsubscribeKey(executor), token);
  if (!subject) throw new Refusal(INVALID_UNSUBSCRIBE_LINK);
  return subject;
}

/** The address the link is for and whether it is suppressed now; refused for a link we did not sign. */
export async function readUnsubscribeLink(token: string): Promise<UnsubscribeState> {
  const executor = db();
  const subject = await subjectOf(executor, token);
  const suppression = await findSuppression(executor, subject.email);
  return { email: suppressionKey(subject.email), suppressedReason: suppression?.reason ?? null };
}

/** Suppresses the link's address (once; using the link again changes nothing) and notes it on its leads. */
export async function unsubscribeWithLink(token: string): Promise<UnsubscribeState> {
  return db().transaction(async (tx) => {
    const subject = await subjectOf(tx, token);
    const email = suppressionKey(subject.email);
    const [message] = subject.outboxId
      ? await tx.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.id, subject.outboxId)).limit(1)
      : [];
    const added = await suppressEmail(tx, {
      email,
      reason: "unsubscribed",
      detail: message ? `Unsubscribe link in “${message.subject}”` : "Unsubscribe link",
    });
    if (added) await publish(tx, "email.address-unsubscribed", { email, via: "link", subject: message?.subject ?? null, actorUserId: null });
    const suppression = await findSuppression(tx, email);
    return { email, suppressedReason: suppression?.reason ?? "unsubscribed" };
  });
}

/**
 * Undoes the recipient's own unsubscribe. An address suppressed for another reason (its server
 * rejected our mail, or the agency added it) stays suppressed: the recipient is told to write to us.
 */
export async function resubscribeWithLink(token: string): Promise<UnsubscribeState> {
  return db().transaction(async (tx) => {
    const subject = await subjectOf(tx, token);
    const email = suppressionKey(subject.email);
    const removed = await unsuppressEmail(tx, email, { onlyReason: "unsubscribed" });
    if (removed) {
      await publish(tx, "email.address-resubscribed", { email, via: "link", actorUserId: null });
      return { email, suppressedReason: null };
    }
    const suppression = await findSuppression(tx, email);
    if (suppression) throw new Refusal("This address cannot be resubscribed here. Please reply to one of our e-mails and we will add it back.", { status: 409 });
    return { email, suppressedReason: null };
  });
}
