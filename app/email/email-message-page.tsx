import Paperclip from "lucide-react/icons/paperclip";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { Link, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import { recordId, recordIdParam } from "~/forms/record-id";
import { useFormAction } from "~/forms/use-form-action";
import { z } from "~/forms/zod";
import { formatDateTime } from "~/formatting/dates";
import { requireListedRecord } from "~/forms/record-page.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import type { Route } from "./+types/email-message-page";
import { EmailCopy } from "./email-copy";
import { canSendAgain, emailTypeLabel, MESSAGE_STATUS_BADGE, MESSAGE_STATUS_HELP } from "./email-log-view";
import { findEmailMessage, sendMessageAgain } from "./email-log.server";
import { DetailsRow } from "~/ui/details-row";
import { RecordHeader } from "~/ui/record-header";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.message.subject ?? "E-mail"} | Admin` }];

const EMAIL_LOG = { href: "/admin/emails", label: "Back to Email Logs" };

const messageIdSchema = z.object({ messageId: recordId("Message not found") });

/** The size of a base64 attachment in bytes, in words. */
function attachmentSize(base64: string): string {
  const bytes = Math.floor((base64.replace(/=+$/, "").length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const messageId = recordIdParam(params.messageId);
  const [found, settings] = await Promise.all([messageId ? findEmailMessage(messageId) : undefined, getOrganizationSettings()]);
  const detail = await requireListedRecord(found, { request, context }, "Message not found", EMAIL_LOG);
  const { attachments, ...message } = detail.message;
  return {
    ...detail,
    message,
    attachments: attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, size: attachmentSize(attachment.content) })),
    timeZone: settings.timezone,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "send-again": async () => {
      const { messageId } = parseForm(messageIdSchema, { messageId: params.messageId });
      const copy = await sendMessageAgain(actor, messageId);
      return redirectWithToast(`/admin/emails/${copy.id}`, { type: "success", title: "Message queued again", description: `A new copy to ${copy.toEmail}; the first attempt stays in the log.` });
    },
  }));
}

export default function EmailMessagePage() {
  const { message, status, attempts, attachments, sentAgainAs, copyOf, timeZone } = useLoaderData<typeof loader>();
  const { fetcher, busy } = useFormAction({ intent: "send-again" });
  const isTest = message.metadata.test === true;
  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordHeader
        back={{ to: "/admin/emails", label: "Email Logs" }}
        title={
          <>
            {message.subject}
            <Badge variant={MESSAGE_STATUS_BADGE[status]} title={MESSAGE_STATUS_HELP[status]}>
              {status}
            </Badge>
            {isTest ? <Badge variant="outline">test</Badge> : null}
          </>
        }
        description={<p className="text-sm text-muted-foreground">{MESSAGE_STATUS_HELP[status]}.</p>}
        actions={
          canSendAgain(status) && !sentAgainAs ? (
            <fetcher.Form method="post" noValidate>
              <input type="hidden" name="intent" value="send-again" />
              <Button type="submit" disabled={busy} icon={RefreshCw}>
                Send Again
              </Button>
            </fetcher.Form>
          ) : null
        }
      />

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <TitledCard title="Message" contentClassName="grid gap-4">
          <EmailCopy title="E-mail as sent" html={message.html} text={message.text} />
        </TitledCard>
        <div className="grid content-start gap-6">
          <TitledCard title="Headers">
            <dl className="grid gap-2 text-sm" aria-label="Headers">
              <DetailsRow layout="beside" label="To">{message.toName ? `${message.toName} <${message.toEmail}>` : message.toEmail}</DetailsRow>
              <DetailsRow layout="beside" label="Subject">{message.subject}</DetailsRow>
              <DetailsRow layout="beside" label="Type">{emailTypeLabel(message.emailType)}</DetailsRow>
              <DetailsRow layout="beside" label="Category">{message.category}</DetailsRow>
              {typeof message.metadata.promoCode === "string" ? <DetailsRow layout="beside" label="Promo code">{message.metadata.promoCode}</DetailsRow> : null}
              <DetailsRow layout="beside" label="Queued">{formatDateTime(message.createdAt, timeZone)}</DetailsRow>
              <DetailsRow layout="beside" label="Sent">{message.sentAt ? formatDateTime(message.sentAt, timeZone) : "—"}</DetailsRow>
              {message.leadId ? (
                <DetailsRow layout="beside" label="Lead">
                  <Link to={`/admin/leads/${message.leadId}`} className="underline">
                    Open the lead
                  </Link>
                </DetailsRow>
              ) : null}
              {copyOf ? (
                <DetailsRow layout="beside" label="Copy of">
                  <Link to={`/admin/emails/${copyOf}`} className="underline">
                    the earlier message
                  </Link>
                </DetailsRow>
              ) : null}
              {sentAgainAs ? (
                <DetailsRow layout="beside" label="Sent again">
                  <Link to={`/admin/emails/${sentAgainAs.id}`} className="underline">
                    as a new message ({sentAgainAs.status})
                  </Link>
                </DetailsRow>
              ) : null}
            </dl>
          </TitledCard>
          <TitledCard title="Attachments">
            {attachments.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-1 text-sm" aria-label="Attachments">
                {attachments.map((attachment) => (
                  <li key={attachment.filename} className="flex items-center gap-2">
                    <Paperclip className="size-4" aria-hidden="true" /> {attachment.filename}
                    <span className="text-muted-foreground">
                      {attachment.contentType} · {attachment.size}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
        </div>
      </div>

      <TitledCard title="Delivery attempts">
        {attempts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not tried yet.</p>
        ) : (
          <table className="w-full text-sm" aria-label="Delivery attempts">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-4 font-medium">Time</th>
                <th className="py-1 pr-4 font-medium">Status</th>
                <th className="py-1 font-medium">Error</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={attempt.id} className="border-t align-top">
                  <td className="whitespace-nowrap py-1 pr-4">{formatDateTime(attempt.sentAt, timeZone)}</td>
                  <td className="py-1 pr-4">{attempt.status}</td>
                  <td className="break-words py-1">{attempt.error ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TitledCard>
    </div>
  );
}
