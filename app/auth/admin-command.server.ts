import { Refusal } from "~/forms/refusal";
import { grantAdmin, revokeAdmin } from "./roles.server";

export const ADMIN_COMMAND_USAGE = `Usage:
  npm run admin -- grant EMAIL    give an existing account the admin role
  npm run admin -- revoke EMAIL   take the admin role away`;

export type AdminCommandResult = { ok: boolean; message: string };

/** `npm run admin -- grant|revoke EMAIL` on the current database. */
export async function runAdminCommand(args: string[]): Promise<AdminCommandResult> {
  const [command, email, ...rest] = args;
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0) {
    return { ok: false, message: ADMIN_COMMAND_USAGE };
  }
  try {
    if (command === "grant") {
      await grantAdmin(email);
      return { ok: true, message: `${email} is now an admin.` };
    }
    const removed = await revokeAdmin(email);
    return { ok: true, message: removed ? `${email} is no longer an admin.` : `${email} was not an admin; nothing changed.` };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}
