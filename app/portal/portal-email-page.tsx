import { Link, useLoaderData } from "react-router";
import { findMessageSentTo } from "~/email/email-log.server";
import { formatDateTime } from "~/formatting/dates";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import { getOrganizationSettings } from "~/settings/settings.server";
import type { Route } from "./+types/portal-email-page";
import { recordPortalEvent } from "./portal-activity.server";
import { MAIL_NOT_SHOWN } from "./portal-home.server";
import { requirePortalClient } from "./portal-session.server";

// A copy of an e-mail the agency sent the client, as it went out.

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? `${loaded.message.subject} | Client portal` : "Client portal" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const messageId = recordIdParam(params.messageId);
  const [found, settings] = await Promise.all([messageId ? findMessageSentTo(client.email, messageId, { except: MAIL_NOT_SHOWN }) : undefined, getOrganizationSettings()]);
  const message = requireRecord(found, "This e-mail is not in your portal.");
  await recordPortalEvent(client.id, { kind: "opened_email", subjectId: message.id, label: message.subject });
  return { message: { ...message, sentAt: formatDateTime(message.sentAt, settings.timezone) } };
}

export default function PortalEmailPage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/portal#emails" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← Back to your portal
        </Link>
      </p>
      <section aria-labelledby="email-title" className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
        <h1 id="email-title" className="text-xl font-bold tracking-tight">
          {message.subject}
        </h1>
        <p className="text-sm text-muted-foreground">Sent {message.sentAt}</p>
        {/* The message as it went out, in a frame that runs nothing of it. */}
        <iframe title={`E-mail: ${message.subject}`} srcDoc={message.html} sandbox="" className="h-[32rem] w-full rounded-md border bg-white" />
        <details>
          <summary className="cursor-pointer text-sm font-medium">Text version</summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm">{message.text}</pre>
        </details>
      </section>
    </>
  );
}
