import { randomBytes } from "node:crypto";
import { config, type AppConfig } from "~/config.server";
import { getAuth } from "./auth.server";
import { adminCount, findUserByEmail, grantAdmin } from "./roles.server";

export type FirstAdmin = { email: string; generatedPassword: string | undefined; accountExisted: boolean };

/**
 * On a database with no admin, makes the first one from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a random password that the caller prints once.
 */
export async function ensureFirstAdmin(
  { adminEmail, adminPassword }: Pick<AppConfig, "adminEmail" | "adminPassword"> = config(),
): Promise<FirstAdmin | null> {
  if ((await adminCount()) > 0) return null;
  if (await findUserByEmail(adminEmail)) {
    await grantAdmin(adminEmail);
    return { email: adminEmail, generatedPassword: undefined, accountExisted: true };
  }
  const password = adminPassword ?? randomBytes(12).toString("base64url");
  const auth = await getAuth();
  await auth.api.signUpEmail({ body: { name: "Admin", email: adminEmail, password } });
  await grantAdmin(adminEmail);
  return { email: adminEmail, generatedPassword: adminPassword ? undefined : password, accountExisted: false };
}
