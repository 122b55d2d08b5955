// `node --import tsx tests/e2e/support/add-admins.ts EMAIL:PASSWORD…` with DATA_DIR set: makes each
// account an admin before the app starts (PGlite serves one process), for tests that need two admins.
import { getAuth } from "~/auth/auth.server";
import { grantAdmin } from "~/auth/roles.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  const auth = await getAuth();
  for (const pair of process.argv.slice(2)) {
    const [email = "", password = ""] = pair.split(":");
    await auth.api.signUpEmail({ body: { name: email.split("@")[0] ?? "Admin", email, password } });
    await grantAdmin(email);
  }
} finally {
  await stopApplication();
}
