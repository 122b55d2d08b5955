import { ShieldOff } from "lucide-react";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { formatDateTime } from "~/formatting/dates";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { Route } from "./+types/emails-page";
import { emailTypeLabel, MESSAGE_STATUS_BADGE, MESSAGE_STATUS_HELP, MESSAGE_STATUSES, readEmailLogView } from "./email-log-view";
import { emailTypesInLog, listEmailMessages, type EmailLogRow } from "./email-log.server";

export const meta: Route.MetaFunction = () => [{ title: "E-mail Log | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readEmailLogView(url.searchParams);
  const [page, types, settings] = await Promise.all([
    listEmailMessages({ view, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    emailTypesInLog(),
    getOrganizationSettings(),
  ]);
  return { ...page, view, types, timeZone: settings.timezone };
}

export default function EmailsPage() {
  const { messages, nextCursor, previousCursor, view, types, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const filtered = Boolean(view.type || view.status || view.recipient);

  const columns: DataTableColumn<EmailLogRow>[] = [
    {
      id: "sentAt",
      header: "Sent at",
      className: "whitespace-nowrap",
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
      className: "whitespace-nowrap",
      cell: (message) => (
        <span className="flex flex-wrap gap-1">
          {emailTypeLabel(message.emailType)}
          {message.test ? <Badge variant="outline">test</Badge> : null}
        </span>
      ),
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
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">E-mail Log</h1>
          <p className="text-muted-foreground">Every message the product sent or tried to send, newest first.</p>
        </div>
        <Link to="/admin/emails/suppressions" className={buttonVariants({ variant: "outline" })}>
          <ShieldOff className="size-4" aria-hidden="true" /> Suppression list
        </Link>
      </div>

      <Form method="get" aria-label="Filter e-mails" className="flex flex-wrap items-end gap-2" onChange={(event) => {
        // Selects apply at once; the recipient box applies on Enter or Filter.
        if (event.target instanceof HTMLSelectElement) void submit(event.currentTarget);
      }}>
        <NativeSelect name="type" aria-label="Type" key={`type-${view.type ?? ""}`} defaultValue={view.type ?? ""} wrapperClassName="w-56">
          <NativeSelectOption value="">All types</NativeSelectOption>
          {types.map((type) => (
            <NativeSelectOption key={type} value={type}>
              {emailTypeLabel(type)}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <NativeSelect name="status" aria-label="Status" key={`status-${view.status ?? ""}`} defaultValue={view.status ?? ""} wrapperClassName="w-40">
          <NativeSelectOption value="">All statuses</NativeSelectOption>
          {MESSAGE_STATUSES.map((status) => (
            <NativeSelectOption key={status} value={status}>
              {status}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <Input name="recipient" type="search" aria-label="Recipient" placeholder="Recipient contains…" defaultValue={view.recipient ?? ""} key={`recipient-${view.recipient ?? ""}`} maxLength={254} className="w-64" />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered ? (
          <Link to="/admin/emails" className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        ) : null}
      </Form>

      <DataTable
        label="E-mails"
        rows={messages}
        columns={columns}
        getRowId={(message) => message.id}
        rowHref={(message) => `/admin/emails/${message.id}`}
        busy={navigation.state === "loading"}
        emptyMessage={filtered ? "No e-mails match these filters." : "No e-mails yet."}
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
    </div>
  );
}
