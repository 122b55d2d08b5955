import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/leads/lead-email-variables";
import { getOrganizationSettings } from "~/settings/settings.server";
import { formatDateTime } from "~/ui/date-format";

// The mails of signing in, from the admin-editable templates and through the outbox like every other.

export function signInLink(): string {
  return `${config().publicUrl}/auth`;
}

/**
 * Tells an account's owner that sign-ins from unknown devices are paused after wrong passwords: once
 * per pause (its key names the window), whatever the attacker keeps sending.
 */
export async function queueSignInPausedEmail(
  executor: DatabaseExecutor,
  account: { id: string; name: string; email: string },
  windowStartedAt: Date,
): Promise<void> {
  const settings = await getOrganizationSettings(executor);
  await enqueueTemplatedEmail(executor, {
    templateKey: "sign_in_paused",
    emailType: "sign_in_paused",
    to: account.email,
    toName: account.name,
    dedupeKey: `sign-in-paused:${account.id}:${windowStartedAt.toISOString()}`,
    variables: { FirstName: firstName(account.name), CompanyName: settings.companyName, SignInLink: signInLink() },
  });
}

/** The invitation to become an admin, with its one-time link, to the invited address. */
export async function queueAdminInvitationEmail(
  executor: DatabaseExecutor,
  invitation: { email: string; name: string; invitedBy: string; link: string; expiresAt: Date },
): Promise<void> {
  const settings = await getOrganizationSettings(executor);
  await enqueueTemplatedEmail(executor, {
    templateKey: "admin_invitation",
    emailType: "admin_invitation",
    to: invitation.email,
    toName: invitation.name,
    variables: {
      FirstName: firstName(invitation.name),
      CompanyName: settings.companyName,
      InvitedBy: invitation.invitedBy,
      InvitationLink: invitation.link,
      ValidUntil: formatDateTime(invitation.expiresAt, settings.timezone),
      SignInLink: signInLink(),
    },
  });
}
