import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { instanceSecrets } from "./schema";

/**
 * Names of the secrets this installation makes for itself; one row each in `instance_secrets`.
 * `session_secret` signs the sign-in cookies and is never in a backup; `auth_secret` is the key of
 * what sign-in keeps encrypted (auth.server.ts).
 */
export type InstanceSecretName = "auth_secret" | "session_secret" | "unsubscribe_secret";

/** The secret that signs the sign-in cookies: never in a backup (sessions.server.ts `leaveOutSignIns`). */
export const SIGNING_SECRET: InstanceSecretName = "session_secret";

/**
 * The installation's secret `name`: generated (256 random bits) the first time any process asks,
 * then shared by every process through the database; two processes racing keep the first one.
 */
export async function instanceSecret(executor: DatabaseExecutor, name: InstanceSecretName): Promise<string> {
  const read = async () => (await executor.select().from(instanceSecrets).where(eq(instanceSecrets.name, name)))[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await executor
    .insert(instanceSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error(`Could not read the instance secret ${name}`);
  return made;
}
