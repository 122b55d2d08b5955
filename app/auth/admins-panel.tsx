import { ConfirmDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { deviceLabel } from "./device-label";
import { sessionAddress } from "./session-address";

export type AdminRow = {
  id: string;
  name: string;
  email: string;
  twoFactorEnabled: boolean;
  sessions: { id: string; userAgent: string | null; ipAddress: string | null; lastActiveAt: Date }[];
};

/** What a change that asks for a recent "confirm it's you" says while this session has none. */
const CONFIRM_ABOVE = "Confirm it's you above first: this asks for your password again.";

/** A destructive action on one admin, asked first; `unconfirmed`: it also needs a recent "confirm it's you", not given yet. */
function ConfirmAdminAction(props: { intent: string; userId: string; label: string; title: string; description: string; unconfirmed?: boolean }) {
  return (
    <ConfirmDialog
      opener={{ label: props.label, variant: "outline" }}
      title={props.title}
      description={props.description}
      intent={props.intent}
      fields={{ userId: props.userId }}
      confirmLabel={props.label}
      disabled={props.unconfirmed}
    >
      {props.unconfirmed ? <p className="text-sm font-medium text-destructive">{CONFIRM_ABOVE}</p> : null}
    </ConfirmDialog>
  );
}

function AdminSessions({ admin, currentSessionId, timeZone }: { admin: AdminRow; currentSessionId: string; timeZone: string }) {
  if (admin.sessions.length === 0) return <p className="text-sm text-muted-foreground">No active sessions</p>;
  return (
    <ul className="grid gap-1 text-sm" aria-label={`Active sessions of ${admin.email}`}>
      {admin.sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap gap-x-3 text-muted-foreground">
          <span className="text-foreground">{deviceLabel(session.userAgent)}</span>
          <span className="wrap-anywhere">{sessionAddress(session.ipAddress)}</span>
          <span>last active {formatDateTime(session.lastActiveAt, timeZone)}</span>
          {session.id === currentSessionId ? <Badge variant="outline">This session</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One way to add an admin, whether or not the address has an account: an invitation its owner must
 * follow. It asks for a recent "confirm it's you": until then the form waits, with what to do.
 */
function InviteAdminForm({ confirmed }: { confirmed: boolean }) {
  const invite = useFormAction({ intent: "invite-admin" });
  return (
    <invite.fetcher.Form method="post" noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="invite-admin" />
      <p className="text-sm text-muted-foreground">
        The address gets a link that works once, for 3 days. The admin role starts when its owner opens it and chooses a password; if an
        account already uses the address, that password replaces its old one and signs it out everywhere. Every admin is told.
      </p>
      {confirmed ? null : <p className="text-sm font-medium">{CONFIRM_ABOVE}</p>}
      <fieldset disabled={!confirmed} className="flex flex-wrap items-end gap-3">
        <FormField label="Full Name" name="name" id="invite-admin-name" error={invite.errors.name} className="min-w-48 flex-1">
          <Input maxLength={120} defaultValue={invite.values.name} />
        </FormField>
        <FormField label="Email" name="email" id="invite-admin-email" error={invite.errors.email} className="min-w-48 flex-1">
          <Input type="email" maxLength={254} defaultValue={invite.values.email} />
        </FormField>
        <Button type="submit" disabled={invite.busy}>
          {invite.busy ? "Sending..." : "Invite admin"}
        </Button>
      </fieldset>
    </invite.fetcher.Form>
  );
}

export type PendingInvitation = { id: string; email: string; name: string; expiresAt: Date };

function PendingInvitations({ invitations, timeZone }: { invitations: PendingInvitation[]; timeZone: string }) {
  if (invitations.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Invitations not yet accepted</h3>
      <ul className="grid gap-1 text-sm" aria-label="Invitations not yet accepted">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap gap-x-3 text-muted-foreground">
            <span className="text-foreground">{invitation.name}</span>
            <span>{invitation.email}</span>
            <span>link works until {formatDateTime(invitation.expiresAt, timeZone)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type AdminsPanelProps = { admins: AdminRow[]; invitations: PendingInvitation[]; currentUserId: string; currentSessionId: string; timeZone: string; confirmed: boolean };

export function AdminsPanel({ admins, invitations, currentUserId, currentSessionId, timeZone, confirmed }: AdminsPanelProps) {
  return (
    <TitledCard title="Admins" description="Who can use the back-office, and where they are signed in." contentClassName="grid gap-6">
      <ul className="grid gap-4" aria-label="Admins">
        {admins.map((admin) => {
          const own = admin.id === currentUserId;
          return (
            <li key={admin.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {admin.name} {own ? <span className="text-muted-foreground">(you)</span> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">{admin.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={admin.twoFactorEnabled ? "success" : "secondary"}>{admin.twoFactorEnabled ? "Two-factor on" : "Two-factor off"}</Badge>
                  <ConfirmAdminAction
                    intent="sign-out-everywhere"
                    userId={admin.id}
                    label={own ? "Sign out other sessions" : "Sign out everywhere"}
                    title={own ? "Sign out your other sessions?" : `Sign out ${admin.email} everywhere?`}
                    description={own ? "Every other device signed in to your account is signed out; this one stays." : "Every session of this admin ends; they must sign in again."}
                  />
                  {own ? null : (
                    <ConfirmAdminAction
                      intent="revoke-admin"
                      userId={admin.id}
                      label="Remove admin"
                      title={`Remove the admin role of ${admin.email}?`}
                      description="They can no longer use the back-office and are signed out, and their calendar feed stops. Their account stays. Every admin is told."
                      unconfirmed={!confirmed}
                    />
                  )}
                </div>
              </div>
              <AdminSessions admin={admin} currentSessionId={currentSessionId} timeZone={timeZone} />
            </li>
          );
        })}
      </ul>
      <PendingInvitations invitations={invitations} timeZone={timeZone} />
      <InviteAdminForm confirmed={confirmed} />
    </TitledCard>
  );
}
