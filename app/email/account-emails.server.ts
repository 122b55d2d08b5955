import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import type { DomainEvents } from "~/events/domain-events";
import { formatDateTime } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { enqueueTemplatedEmail, type TemplatedEmail } from "./outbox.server";
import { firstName } from "./template-variables";

// The mails of signing in, from the admin-editable templates and through the outbox like every
// other: this domain's answer to the auth domain's events (decision 048).

function signInLink(): string {
  return `${config().publicUrl}/auth`;
}

type AuthEmail = Pick<TemplatedEmail, "templateKey" | "to" | "dedupeKey" | "sealedLinks"> & { name: string; variables: (timeZone: string) => Record<string, string> };

/** One of these mails to one person: their first name, the company's name and the sign-in link come with every one. */
async function queueAuthEmail(executor: DatabaseExecutor, { name, variables, ...email }: AuthEmail): Promise<void> {
  const settings = await getOrganizationSettings(executor);
  await enqueueTemplatedEmail(executor, {
    ...email,
    emailType: email.templateKey,
    toName: name,
    variables: { FirstName: firstName(name), CompanyName: settings.companyName, SignInLink: signInLink(), ...variables(settings.timezone) },
  });
}

/**
 * Tells an account's owner that sign-ins from unknown devices are paused after wrong passwords: once
 * per pause (its key names the window), whatever the attacker keeps sending.
 */
export async function queueSignInPausedEmail(executor: DatabaseExecutor, { account, windowStartedAt }: DomainEvents["account.sign-in-paused"]): Promise<void> {
  await queueAuthEmail(executor, {
    templateKey: "sign_in_paused",
    to: account.email,
    name: account.name,
    dedupeKey: `sign-in-paused:${account.id}:${windowStartedAt.toISOString()}`,
    variables: () => ({}),
  });
}

/** The invitation to become an admin, with its one-time link (kept masked in the log and backups), to the invited address. */
export async function queueAdminInvitationEmail(executor: DatabaseExecutor, { invitation }: DomainEvents["admin.invited"]): Promise<void> {
  await queueAuthEmail(executor, {
    templateKey: "admin_invitation",
    to: invitation.email,
    name: invitation.name,
    sealedLinks: ["InvitationLink"],
    variables: (timeZone) => ({ InvitedBy: invitation.invitedBy, InvitationLink: invitation.link, ValidUntil: formatDateTime(invitation.expiresAt, timeZone) }),
  });
}

/** What changed among the admins (`change`, a sentence), to one admin (admin-changes.server.ts). */
export async function queueAdminChangeEmail(executor: DatabaseExecutor, { admin, change }: DomainEvents["admins.changed"]): Promise<void> {
  await queueAuthEmail(executor, { templateKey: "admin_team_changed", to: admin.email, name: admin.name, variables: () => ({ AdminChange: change }) });
}
