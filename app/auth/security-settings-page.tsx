import { useLoaderData } from "react-router";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/security-settings-page";
import { pendingInvitations } from "./admin-invitations.server";
import { AdminsPanel } from "./admins-panel";
import { requireAdminSession } from "./guard.server";
import { handleSecurityAction } from "./security-actions.server";
import { ChangePasswordForm, SecuritySettingsForm } from "./security-settings-forms";
import { adminsWithSessions } from "./security.server";
import { TwoFactorPanel } from "./two-factor-panel";

export const meta: Route.MetaFunction = () => [{ title: "Security | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, sessionId, twoFactorEnabled } = await requireAdminSession(request);
  const [settings, admins, invitations] = await Promise.all([getOrganizationSettings(), adminsWithSessions(), pendingInvitations()]);
  return {
    admin,
    sessionId,
    twoFactorEnabled,
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

export default function SecuritySettingsPage() {
  const { admin, sessionId, twoFactorEnabled, settings, admins, invitations } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-semibold tracking-tight">Security</h2>
      <TwoFactorPanel enabled={twoFactorEnabled} required={settings.require2fa} />
      <SecuritySettingsForm require2fa={settings.require2fa} sessionTimeoutMinutes={settings.sessionTimeoutMinutes} />
      <AdminsPanel admins={admins} invitations={invitations} currentUserId={admin.id} currentSessionId={sessionId} timeZone={settings.timeZone} />
      <ChangePasswordForm />
    </div>
  );
}
