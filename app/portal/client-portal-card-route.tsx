import LogOut from "lucide-react/icons/log-out";
import Send from "lucide-react/icons/send";
import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { clientIdSchema } from "~/clients/client-form";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import { recordIdParam } from "~/forms/record-id";
import { useFormAction } from "~/forms/use-form-action";
import { formatDateTime } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { Route } from "./+types/client-portal-card-route";
import { portalActivity } from "./portal-activity.server";
import { describePortalEvent } from "./portal-events";
import { endPortalSessionsOf } from "./portal-session.server";
import { sendPortalLink } from "./sign-in.server";

// The client portal on a client's page in the back-office (the page's index route, so the clients
// folder needs nothing of the portal's): 'Send portal link', the last visit, 'Sign out of the
// portal' while the client is signed in somewhere, and what the client opened. With the portal off
// in Settings it shows nothing, and offers no link.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getOrganizationSettings();
  const clientId = recordIdParam(params.clientId);
  if (!settings.clientPortalEnabled || !clientId) return { enabled: false as const };
  const activity = await portalActivity(clientId);
  return { enabled: true as const, clientId, timeZone: settings.timezone, ...activity };
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "send-portal-link": async () => {
      const { clientId } = parseForm(clientIdSchema, { clientId: params.clientId });
      const client = await sendPortalLink(actor, clientId);
      return redirectWithToast(`/admin/clients/${clientId}`, { type: "success", title: "Portal link sent", description: `A sign-in link is on its way to ${client.email}.` });
    },
    "sign-out-of-portal": async () => {
      const { clientId } = parseForm(clientIdSchema, { clientId: params.clientId });
      const ended = await endPortalSessionsOf(actor, clientId);
      return redirectWithToast(`/admin/clients/${clientId}`, { type: "success", title: "Signed out of the portal", description: `${ended} session(s) ended.` });
    },
  }));
}

/** Ends every portal session of the client: a browser the client lost, or a person who should no longer see it. */
function SignOutOfPortal({ clientId, signedIn }: { clientId: string; signedIn: number }) {
  const { fetcher, busy } = useFormAction({ intent: "sign-out-of-portal" });
  return (
    <fetcher.Form method="post" action={`/admin/clients/${clientId}?index`} noValidate className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="sign-out-of-portal" />
      <span className="text-sm text-muted-foreground">Signed in on {signedIn === 1 ? "1 browser" : `${signedIn} browsers`}.</span>
      <Button type="submit" variant="outline" size="sm" disabled={busy} icon={LogOut}>
        Sign out of the portal
      </Button>
    </fetcher.Form>
  );
}

export default function ClientPortalCard() {
  const portal = useLoaderData<typeof loader>();
  const { fetcher, busy } = useFormAction({ intent: "send-portal-link" });
  if (!portal.enabled) return null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">Client portal</CardTitle>
          <CardDescription>
            {portal.lastVisit ? `Last visit: ${formatDateTime(portal.lastVisit, portal.timeZone)}` : "Has not signed in to the portal yet."}
          </CardDescription>
        </div>
        <fetcher.Form method="post" action={`/admin/clients/${portal.clientId}?index`} noValidate>
          <input type="hidden" name="intent" value="send-portal-link" />
          <Button type="submit" variant="outline" disabled={busy} icon={Send}>
            Send portal link
          </Button>
        </fetcher.Form>
      </CardHeader>
      <CardContent className="grid gap-3">
        {portal.signedIn > 0 ? <SignOutOfPortal clientId={portal.clientId} signedIn={portal.signedIn} /> : null}
        {portal.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing opened yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="What the client did in the portal">
            {portal.events.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-3">
                <span>{describePortalEvent(event)}</span>
                <span className="text-muted-foreground">{formatDateTime(event.occurredAt, portal.timeZone)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
