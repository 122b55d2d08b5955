import { getAuth } from "~/auth/auth.server";
import { grantAdmin } from "~/auth/roles.server";

export type TestAccount = { email: string; password: string; name: string };

let counter = 0;

/** Creates an account (optionally an admin) and returns the Cookie header of a signed-in session. */
export async function signedInCookie(options: { admin: boolean }): Promise<{ cookie: string; account: TestAccount }> {
  counter += 1;
  const account = { name: `Test User ${counter}`, email: `user${counter}-${Date.now()}@example.com`, password: "correct horse battery" };
  const auth = await getAuth();
  await auth.api.signUpEmail({ body: account });
  if (options.admin) await grantAdmin(account.email);
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
