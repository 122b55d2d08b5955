// `node --import tsx tests/e2e/support/add-admins.ts EMAIL:PASSWORD…` with DATA_DIR set: makes each
// account an admin before the app starts (PGlite serves one process), for tests that need two
// admins, as an accepted invitation would (the address proven, the role held).
import { installAdmin, newCredentials } from "~/auth/admin-invitations.server";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  for (const pair of process.argv.slice(2)) {
    const [email = "", password = ""] = pair.split(":");
    const credentials = await newCredentials(password);
    await db().transaction((tx) => installAdmin(tx, { email, name: email.split("@")[0] ?? "Admin" }, credentials));
  }
} finally {
  await stopApplication();
}
