import { useState } from "react";
import { useFormAction } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { deviceLabel } from "./device-label";

export type AdminRow = {
  id: string;
  name: string;
  email: string;
  twoFactorEnabled: boolean;
  sessions: { id: string; userAgent: string | null; ipAddress: string | null; lastActiveAt: Date }[];
};

/** A destructive action on one admin, asked first. */
function ConfirmAdminAction(props: { intent: string; userId: string; label: string; title: string; description: string }) {
  const [open, setOpen] = useState(false);
  const { fetcher, busy } = useFormAction({ intent: props.intent, open, onSuccess: () => setOpen(false) });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          {props.label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={props.intent} />
          <input type="hidden" name="userId" value={props.userId} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {props.label}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AdminSessions({ admin, currentSessionId, timeZone }: { admin: AdminRow; currentSessionId: string; timeZone: string }) {
  if (admin.sessions.length === 0) return <p className="text-sm text-muted-foreground">No active sessions</p>;
  return (
    <ul className="grid gap-1 text-sm" aria-label={`Active sessions of ${admin.email}`}>
      {admin.sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap gap-x-3 text-muted-foreground">
          <span className="text-foreground">{deviceLabel(session.userAgent)}</span>
          <span>{session.ipAddress ?? "unknown address"}</span>
          <span>last active {formatDateTime(session.lastActiveAt, timeZone)}</span>
          {session.id === currentSessionId ? <Badge variant="outline">This session</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

function GrantAdminForm() {
  const grant = useFormAction({ intent: "grant-admin" });
  return (
    <grant.fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="grant-admin" />
      <FormField label="Email of an existing account" name="email" id="grant-email" error={grant.errors.email} className="min-w-64 flex-1">
        <Input type="email" maxLength={254} defaultValue={grant.values.email} />
      </FormField>
      <Button type="submit" disabled={grant.busy}>
        Grant admin role
      </Button>
    </grant.fetcher.Form>
  );
}

function CreateAdminForm() {
  const dialog = useFormAction<{ created?: { email: string; temporaryPassword: string } }>({ intent: "create-admin" });
  const created = dialog.fetcher.data?.ok ? dialog.fetcher.data.created : undefined;
  return (
    <div className="grid gap-3">
      {created ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {created.email} can sign in with the temporary password <code className="font-mono">{created.temporaryPassword}</code>. Hand it over
          safely; it is not shown again. They should change it under Settings › Security.
        </p>
      ) : null}
      <dialog.fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create-admin" />
        <FormField label="Full Name" name="name" id="create-admin-name" error={dialog.errors.name} className="min-w-48 flex-1">
          <Input maxLength={120} defaultValue={dialog.values.name} />
        </FormField>
        <FormField label="Email" name="email" id="create-admin-email" error={dialog.errors.email} className="min-w-48 flex-1">
          <Input type="email" maxLength={254} defaultValue={dialog.values.email} />
        </FormField>
        <Button type="submit" variant="outline" disabled={dialog.busy}>
          Create admin account
        </Button>
      </dialog.fetcher.Form>
    </div>
  );
}

export function AdminsPanel({ admins, currentUserId, currentSessionId, timeZone }: { admins: AdminRow[]; currentUserId: string; currentSessionId: string; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admins</CardTitle>
        <CardDescription>Who can use the back-office, and where they are signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
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
                        description="They can no longer use the back-office and are signed out. Their account stays."
                      />
                    )}
                  </div>
                </div>
                <AdminSessions admin={admin} currentSessionId={currentSessionId} timeZone={timeZone} />
              </li>
            );
          })}
        </ul>
        <GrantAdminForm />
        <CreateAdminForm />
      </CardContent>
    </Card>
  );
}
