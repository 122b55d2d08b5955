import { Refusal } from "~/refusal/refusal";
import { z } from "~/forms/zod";
import { formatDateTime } from "~/formatting/dates";
import { inviteAdmin } from "./admin-invitations.server";
import { revokeAdmin } from "./admin-changes.server";
import { findUserByEmail } from "./roles.server";

export const ADMIN_COMMAND_USAGE = `Usage:
  npm run admin -- grant EMAIL [FULL NAME]   e-mail EMAIL an invitation to be an admin
  npm run admin -- revoke EMAIL              take the admin role away`;

export type AdminCommandResult = { ok: boolean; message: string };

/**
 * `npm run admin -- grant|revoke EMAIL` on the current database. `grant` follows the rule of the
 * Security tab (decision 029): it invites, and the role starts when the address's owner follows
 * the link and chooses a password. The link is printed too: whoever runs this at the server's
 * console is trusted to hand it over when the mail cannot reach the person (no SMTP yet).
 */
export async function runAdminCommand(args: string[]): Promise<AdminCommandResult> {
  const [command, email, ...nameWords] = args;
  if ((command !== "grant" && command !== "revoke") || !email || (command === "revoke" && nameWords.length > 0)) {
    return { ok: false, message: ADMIN_COMMAND_USAGE };
  }
  if (!z.email().safeParse(email.trim()).success) return { ok: false, message: `${email} is not an e-mail address.\n${ADMIN_COMMAND_USAGE}` };
  try {
    if (command === "grant") {
      const existing = await findUserByEmail(email);
      // An account's own name only when its address was proven: anyone may have named an account for this address.
      const name = nameWords.join(" ").trim() || (existing?.emailVerified ? existing.name : email.trim().split("@")[0]) || email;
      const sent = await inviteAdmin({ console: true }, { email, name });
      return {
        ok: true,
        message: [
          `Invitation e-mailed to ${sent.email}: they are an admin once they open its link and choose a password (until ${formatDateTime(sent.expiresAt, "UTC")} UTC).`,
          "The e-mail is sent by the running app (start it, on the embedded database). The link, to hand over yourself if the mail cannot reach them:",
          sent.link,
        ].join("\n"),
      };
    }
    const removed = await revokeAdmin(email);
    return { ok: true, message: removed ? `${email} is no longer an admin.` : `${email} was not an admin; nothing changed.` };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}
