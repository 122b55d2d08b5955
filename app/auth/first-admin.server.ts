import { randomBytes } from "node:crypto";
import { config, type AppConfig } from "~/config.server";
import { db } from "~/db/connection.server";
import { installAdmin, newCredentials } from "./admin-invitations.server";
import { adminCount, findUserByEmail } from "./roles.server";

export type FirstAdmin = { email: string; generatedPassword: string | undefined; accountExisted: boolean };

/**
 * On a database with no admin, makes the first one from ADMIN_EMAIL, with ADMIN_PASSWORD or a
 * random password that the caller prints once. Whoever runs the server chose the address, so it
 * counts as proven (decision 029); an account that already used it (anyone may create one) gets
 * that password instead of its own, and loses its sessions and any second factor.
 */
export async function ensureFirstAdmin(
  { adminEmail, adminPassword }: Pick<AppConfig, "adminEmail" | "adminPassword"> = config(),
): Promise<FirstAdmin | null> {
  if ((await adminCount()) > 0) return null;
  const existing = await findUserByEmail(adminEmail);
  const password = adminPassword ?? randomBytes(12).toString("base64url");
  const credentials = await newCredentials(password);
  await db().transaction((tx) => installAdmin(tx, { email: adminEmail.trim().toLowerCase(), name: existing?.name ?? "Admin" }, credentials));
  return { email: adminEmail, generatedPassword: adminPassword ? undefined : password, accountExisted: Boolean(existing) };
}
