import { and, eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { emailSuppressions, type EmailSuppression, type SuppressionReason } from "./schema";

/** The one normal form of an address in the suppression list. */
export function suppressionKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findSuppression(executor: DatabaseExecutor, email: string): Promise<EmailSuppression | undefined> {
  const rows = await executor.select().from(emailSuppressions).where(eq(emailSuppressions.email, suppressionKey(email))).limit(1);
  return rows[0];
}

export async function isEmailSuppressed(executor: DatabaseExecutor, email: string): Promise<boolean> {
  return (await findSuppression(executor, email)) !== undefined;
}

/** Adds the address (once; a second suppression keeps the first reason). True when it was not suppressed before. */
export async function suppressEmail(
  executor: DatabaseExecutor,
  input: { email: string; reason: SuppressionReason; detail?: string | null },
): Promise<boolean> {
  const added = await executor
    .insert(emailSuppressions)
    .values({ email: suppressionKey(input.email), reason: input.reason, detail: input.detail ?? null })
    .onConflictDoNothing({ target: emailSuppressions.email })
    .returning({ email: emailSuppressions.email });
  return added.length > 0;
}

/**
 * Removes the address; with `onlyReason`, only a suppression of that reason (a recipient may undo
 * their own unsubscribe, not a bounce or an admin's entry). Returns the row removed, if any.
 */
export async function unsuppressEmail(
  executor: DatabaseExecutor,
  email: string,
  { onlyReason }: { onlyReason?: SuppressionReason } = {},
): Promise<EmailSuppression | undefined> {
  const key = eq(emailSuppressions.email, suppressionKey(email));
  const removed = await executor
    .delete(emailSuppressions)
    .where(onlyReason ? and(key, eq(emailSuppressions.reason, onlyReason)) : key)
    .returning();
  return removed[0];
}
