import { systemActor, type Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { publish } from "~/events/domain-events";
import { findUserByEmail, listAdmins, revokeAdminRole, UnknownUserError } from "./roles.server";
import { endSessions } from "./sessions.server";

/**
 * Changes to who the admins are, and the mail every admin gets about each (issue 41): a stolen
 * session that invites an address, or an admin removed, is news to every other admin at once.
 */

/** Who changes the admins: an admin (their Actor, and their name for the mails), or the server's console (`npm run admin`). */
export type AdminChanger = { admin: { id: string; name: string; actor: Actor } } | { console: true };

export function actorOf(changer: AdminChanger): Actor {
  return "console" in changer ? systemActor("console") : changer.admin.actor;
}

/** The changer as the mails name them. */
export function changerName(changer: AdminChanger): string {
  return "console" in changer ? "The site's owner, at the server's console," : changer.admin.name;
}

/**
 * Tells every admin what changed among the admins (`change`, a sentence), and `alsoTo` (the admin
 * just removed), in the transaction of the change: one mail each, through the outbox.
 */
export async function tellAdmins(tx: DatabaseExecutor, change: string, alsoTo: { name: string; email: string }[] = []): Promise<void> {
  const recipients = new Map<string, { name: string; email: string }>();
  for (const person of [...(await listAdmins(tx)), ...alsoTo]) recipients.set(person.email.toLowerCase(), person);
  for (const admin of recipients.values()) await publish(tx, "admins.changed", { admin, change });
}

/**
 * Takes the admin role from an account, ends its sessions and what outlives them (its calendar
 * feed, its browsers' sign-in allowances), records it and tells every admin, the removed one too:
 * all in one transaction. Answers the removed admin's address, or null when the account was not an
 * admin. The last admin is refused.
 */
export async function removeAdmin(changer: AdminChanger, userId: string): Promise<string | null> {
  return db().transaction(async (tx) => {
    const removed = (await listAdmins(tx)).find((admin) => admin.id === userId);
    if (!removed || !(await revokeAdminRole(userId, tx))) return null;
    await endSessions(tx, userId);
    await recordAuditEntry(tx, actorOf(changer), { action: "admin.revoke", entityType: "user", entityId: userId, summary: "Removed an admin's role" });
    await tellAdmins(tx, `${changerName(changer)} removed ${removed.email} from the admins`, [removed]);
    return removed.email;
  });
}

/** `npm run admin -- revoke EMAIL`: as on the Security tab. Returns false when the account was not an admin. */
export async function revokeAdmin(email: string): Promise<boolean> {
  const found = await findUserByEmail(email);
  if (!found) throw new UnknownUserError(email);
  return (await removeAdmin({ console: true }, found.id)) !== null;
}
