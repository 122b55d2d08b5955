import ShieldOff from "lucide-react/icons/shield-off";
import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { Badge } from "~/ui/badge";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/emails-page";
import { EMAIL_LOG_VIEW, emailTypeLabel, MESSAGE_STATUS_BADGE, MESSAGE_STATUS_HELP, MESSAGE_STATUSES } from "./email-log-view";
import { emailTypesInLog, listEmailMessages, type EmailLogRow } from "./email-log.server";

export const meta: Route.MetaFunction = () => [{ title: "Email Logs | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminListPage(request, EMAIL_LOG_VIEW, listEmailMessages, async () => ({ types: await emailTypesInLog() }));
}

const STATUS_FILTER = { name: "status", label: "Status", allLabel: "All statuses", options: MESSAGE_STATUSES.map((status) => ({ value: status, label: status })), width: "w-40" };

export default function EmailsPage() {
  const { messages, nextCursor, previousCursor, view, types, timeZone } = useLoaderData<typeof loader>();

  const columns: DataTableColumn<EmailLogRow>[] = [
    {
      id: "sentAt",
      header: "Sent at",
      cell: (message) => (
        <Link to={`/admin/emails/${message.id}`} className="hover:underline">
          {message.sentAt ? formatDateTime(message.sentAt, timeZone) : <span className="text-muted-foreground">queued {formatDateTime(message.createdAt, timeZone)}</span>}
        </Link>
      ),
    },
    {
      id: "recipient",
      header: "Recipient",
      cell: (message) => (
        <span className="grid">
          <span>{message.toEmail}</span>
          {message.toName ? <span className="text-xs text-muted-foreground">{message.toName}</span> : null}
        </span>
      ),
    },
    { id: "subject", header: "Subject", cell: (message) => <span className="line-clamp-2">{message.subject}</span> },
    {
      id: "type",
      header: "Type",
      cell: (message) => (
        <span className="flex flex-wrap gap-1">
          {emailTypeLabel(message.emailType)}
          {message.test ? <Badge variant="outline">test</Badge> : null}
        </span>
      ),
    },
    {
      id: "promoCode",
      header: "Promo Code",
      className: "whitespace-nowrap font-mono text-xs",
      cell: (message) => message.promoCode ?? "",
    },
    {
      id: "status",
      header: "Status",
      cell: (message) => (
        <Badge variant={MESSAGE_STATUS_BADGE[message.status]} title={MESSAGE_STATUS_HELP[message.status]}>
          {message.status}
        </Badge>
      ),
    },
  ];

  return (
    <ListPage
      title="Email Logs"
      description="Every message the product sent or tried to send, newest first."
      links={[{ to: "/admin/emails/suppressions", label: "Suppression list", icon: ShieldOff }]}
      table={{
        label: "E-mails",
        rows: messages,
        columns,
        rowHref: (message) => `/admin/emails/${message.id}`,
      }}
      empty={{ none: "No e-mails yet.", filtered: "No e-mails match these filters.", isFiltered: isFilteredView(view, EMAIL_LOG_VIEW) }}
      pager={{ previousCursor, nextCursor }}
    >
      <ListFilters
        label="Filter e-mails"
        view={view}
        search={{ placeholder: "Search by recipient" }}
        selects={[{ name: "type", label: "Type", allLabel: "All types", options: types.map((type) => ({ value: type, label: emailTypeLabel(type) })), width: "w-56" }, STATUS_FILTER]}
      />
    </ListPage>
  );
}

