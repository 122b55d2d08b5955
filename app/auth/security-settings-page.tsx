import { useLoaderData } from "react-router";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/security-settings-page";
import { pendingInvitations } from "./admin-invitations.server";
import { AdminsPanel } from "./admins-panel";
import { ConfirmIdentityCard } from "./confirm-identity-form";
import { requireAdminSession } from "./guard.server";
import { confirmedUntil } from "./recent-confirmation.server";
import { handleSecurityAction } from "./security-actions.server";
import { SECURITY_SETTINGS_PATH } from "./security-forms";
import { ChangePasswordForm, SecuritySettingsForm } from "./security-settings-forms";
import { adminsWithSessions } from "./security.server";
import { TwoFactorPanel } from "./two-factor-panel";

export const meta: Route.MetaFunction = () => [{ title: "Security | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, sessionId, twoFactorEnabled } = await requireAdminSession(request);
  const [settings, admins, invitations, confirmed] = await Promise.all([getOrganizationSettings(), adminsWithSessions(), pendingInvitations(), confirmedUntil(sessionId)]);
  return {
    admin,
    sessionId,
    twoFactorEnabled,
    confirmation: { confirmedUntil: confirmed, twoFactorEnabled },
    settings: { require2fa: settings.require2fa, sessionTimeoutMinutes: settings.sessionTimeoutMinutes, timeZone: settings.timezone },
    admins: admins.map(({ id, name, email, twoFactorEnabled: on, sessions }) => ({
      id,
      name,
      email,
      twoFactorEnabled: on,
      sessions: sessions.map(({ id: sid, userAgent, ipAddress, lastActiveAt }) => ({ id: sid, userAgent, ipAddress, lastActiveAt })),
    })),
    invitations,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, sessionId } = await requireAdminSession(request);
  return handleSecurityAction({ admin, sessionId, request, clientAddress: clientAddressOf(context) });
}

/** What a recent "confirm it's you" lets through on this tab (issue 41). */
const CONFIRMATION_PURPOSE = {
  asking: "Inviting or removing an admin, no longer requiring two-factor sign-in or a longer session timeout",
  held: "these changes work",
};

export default function SecuritySettingsPage() {
  const { admin, sessionId, twoFactorEnabled, confirmation, settings, admins, invitations } = useLoaderData<typeof loader>();
  const confirmed = confirmation.confirmedUntil !== null;
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-semibold tracking-tight">Security</h2>
      <TwoFactorPanel enabled={twoFactorEnabled} required={settings.require2fa} />
      <ConfirmIdentityCard confirmation={confirmation} returnTo={SECURITY_SETTINGS_PATH} timeZone={settings.timeZone} purpose={CONFIRMATION_PURPOSE} />
      <SecuritySettingsForm require2fa={settings.require2fa} sessionTimeoutMinutes={settings.sessionTimeoutMinutes} />
      <AdminsPanel admins={admins} invitations={invitations} currentUserId={admin.id} currentSessionId={sessionId} timeZone={settings.timeZone} confirmed={confirmed} />
      <ChangePasswordForm />
    </div>
  );
}
