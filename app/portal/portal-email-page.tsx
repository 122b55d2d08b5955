import { useLoaderData } from "react-router";
import { EmailCopy } from "~/email/email-copy";
import { findMessageSentTo } from "~/email/email-log.server";
import { formatDateTime } from "~/formatting/dates";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/portal-email-page";
import { recordPortalEvent } from "./portal-activity.server";
import { MAIL_NOT_SHOWN } from "./portal-home.server";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";

// A copy of an e-mail the agency sent the client, as it went out (the e-mail log's view of it).

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
    <PortalPage back="/portal#emails" title={message.subject}>
      <p className="text-sm text-muted-foreground">Sent {message.sentAt}</p>
      <EmailCopy title={`E-mail: ${message.subject}`} html={message.html} text={message.text} />
    </PortalPage>
  );
}
