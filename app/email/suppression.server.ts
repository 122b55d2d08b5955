import { eq, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { emailSuppressions, type SuppressionReason } from "./schema";

/** The one normal form of an address in the suppression list. */
export function suppressionKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function isEmailSuppressed(executor: DatabaseExecutor, email: string): Promise<boolean> {
  const rows = await executor
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, suppressionKey(email)))
    .limit(1);
  return rows.length > 0;
}

/** Adds the address (once; a second suppression keeps the first reason). */
export async function suppressEmail(
  executor: DatabaseExecutor,
  input: { email: string; reason: SuppressionReason; detail?: string | null },
): Promise<void> {
  await executor
    .insert(emailSuppressions)
    .values({ email: suppressionKey(input.email), reason: input.reason, detail: input.detail ?? null })
    .onConflictDoNothing({ target: emailSuppressions.email });
}

export async function unsuppressEmail(executor: DatabaseExecutor, email: string): Promise<void> {
  await executor.delete(emailSuppressions).where(sql`${emailSuppressions.email} = ${suppressionKey(email)}`);
}
