import { installAdmin, newCredentials } from "~/auth/admin-invitations.server";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/connection.server";

export type TestAccount = { email: string; password: string; name: string };

let counter = 0;

/** An admin as an accepted invitation leaves one: its address proven, the role held. */
export async function makeAdmin(account: TestAccount): Promise<void> {
  const credentials = await newCredentials(account.password);
  await db().transaction((tx) => installAdmin(tx, account, credentials));
}

/** Creates an account (optionally an admin) and returns the Cookie header of a signed-in session. */
export async function signedInCookie(options: { admin: boolean }): Promise<{ cookie: string; account: TestAccount }> {
  counter += 1;
  const account = { name: `Test User ${counter}`, email: `user${counter}-${Date.now()}@example.com`, password: "correct horse battery" };
  const auth = await getAuth();
  if (options.admin) await makeAdmin(account);
  else await auth.api.signUpEmail({ body: account });
  const { headers } = await auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, account };
}
