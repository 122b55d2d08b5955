import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { formatDateTime } from "~/formatting/dates";
import { PROVIDER_EVENT_OUTCOME_LABELS } from "~/invoices/card-payment-options";
import { cardPaymentsStatus } from "~/invoices/card-payments-status.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";
import type { Route } from "./+types/payments-tab";

// Settings › Payments (decision 047): whether card payments are on, the webhook's address to paste
// into Stripe, and when Stripe last told of something: a self-hoster sees at once whether it is set up.

export const meta: Route.MetaFunction = () => [{ title: "Payments | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [status, settings] = await Promise.all([cardPaymentsStatus(), getOrganizationSettings()]);
  return { status, timeZone: settings.timezone };
}

export default function PaymentsTab() {
  const { status, timeZone } = useLoaderData<typeof loader>();
  if (!status.enabled) {
    return (
      <div className="grid max-w-2xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              Card payments <Badge variant="secondary">Off</Badge>
            </CardTitle>
            <CardDescription>
              Clients pay by bank transfer, and payments are recorded by hand. To take cards through Stripe Checkout, set STRIPE_SECRET_KEY and
              STRIPE_WEBHOOK_SECRET and restart: invoices then offer &lsquo;Pay now&rsquo;, and Stripe&rsquo;s webhook records each payment.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    );
  }
  const { lastEvent } = status;
  return (
    <div className="grid max-w-2xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            Card payments <Badge>On</Badge> {status.testMode ? <Badge variant="secondary">Test mode</Badge> : null}
          </CardTitle>
          <CardDescription>
            Invoices offer &lsquo;Pay now&rsquo;: the client pays on Stripe&rsquo;s Checkout page, and the invoice is marked paid when Stripe&rsquo;s signed webhook
            tells the site.{status.apiUrl ? ` Stripe's API is at ${status.apiUrl} (STRIPE_API_URL).` : ""}
          </CardDescription>
        </CardHeader>
      </Card>
      <TitledCard title="Webhook" description="In Stripe's Dashboard (Developers › Webhooks), add an endpoint with this URL; put its signing secret in STRIPE_WEBHOOK_SECRET." contentClassName="grid gap-3 text-sm">
        <CopyLink link={status.webhookUrl} label="Webhook URL" copiedMessage="Webhook URL copied" />
        <p>Events to send: {status.events.join(", ")}.</p>
        {status.webhookLocal ? (
          <p role="alert" className="text-destructive">
            PUBLIC_URL names this machine, which Stripe cannot reach: set it to the site&rsquo;s public address, or no payment will be marked paid.
          </p>
        ) : null}
      </TitledCard>
      <TitledCard title="Last event from Stripe" contentClassName="grid gap-3 text-sm">
        {lastEvent ? (
          <p>
            {formatDateTime(lastEvent.receivedAt, timeZone)}: {lastEvent.type}, {lastEvent.outcome ? PROVIDER_EVENT_OUTCOME_LABELS[lastEvent.outcome] : "being handled"}.
          </p>
        ) : (
          <p role="alert">No event from Stripe has arrived yet. Until the webhook is set up, card payments are taken but not marked paid.</p>
        )}
        {status.refused.length > 0 ? (
          <div className="grid gap-1">
            <p className="font-medium">Events that recorded nothing (look them up in Stripe):</p>
            <ul className="grid gap-1" aria-label="Refused events">
              {status.refused.map((event) => (
                <li key={event.eventId} className="break-words text-muted-foreground">
                  {formatDateTime(event.receivedAt, timeZone)} · {event.type} · {event.eventId}: {event.detail}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </TitledCard>
    </div>
  );
}
