// `npm run admin -- grant|revoke EMAIL`: manage the admin role from the command line.
// On the embedded database the app must be stopped first (PGlite serves one process).
import { runAdminCommand } from "~/auth/admin-command.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  const result = await runAdminCommand(process.argv.slice(2));
  console.log(result.message);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopApplication();
}
