import { Form, Link, useLoaderData } from "react-router";
import { auditFilterChoices, listAuditEntries } from "~/audit/audit-log.server";
import { auditCursorOf, dayRangeInstants, readAuditCursor, readAuditLogView } from "~/audit/audit-log-view";
import type { AuditEntry } from "~/audit/schema";
import { requireAdmin } from "~/auth/guard.server";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { formatDateTime } from "~/formatting/dates";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { Route } from "./+types/audit-log-page";
import { getOrganizationSettings } from "./settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Settings | Admin" }];

const PAGE_SIZE = 50;

/** Where an entry's record is shown, when it has a page. */
const RECORD_PAGES: Record<string, string> = { lead: "/admin/leads", client: "/admin/clients", project: "/admin/projects", invoice: "/admin/invoices" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const view = readAuditLogView(params);
  const settings = await getOrganizationSettings();
  const olderThan = readAuditCursor(params.get("after"));
  const newerThan = olderThan ? null : readAuditCursor(params.get("before"));
  const filters = {
    ...(view.actor ? { actorUserId: view.actor } : {}),
    ...(view.domain ? { domain: view.domain } : {}),
    ...(view.entityType ? { entityType: view.entityType } : {}),
    ...(view.entityId ? { entityId: view.entityId } : {}),
    ...dayRangeInstants(view.from, view.to, settings.timezone),
  };
  // One more than a page tells whether there is a next (or previous) one.
  const rows = await listAuditEntries({ ...filters, ...(olderThan ? { olderThan } : {}), ...(newerThan ? { newerThan } : {}), limit: PAGE_SIZE + 1 });
  const more = rows.length > PAGE_SIZE;
  const entries = newerThan ? rows.slice(rows.length > PAGE_SIZE ? 1 : 0) : rows.slice(0, PAGE_SIZE);
  const first = entries[0];
  const last = entries.at(-1);
  return {
    entries,
    view,
    choices: await auditFilterChoices(),
    timeZone: settings.timezone,
    nextCursor: last && (newerThan || more) ? auditCursorOf(last) : null,
    previousCursor: first && (olderThan || (newerThan && more)) ? auditCursorOf(first) : null,
  };
}

export default function AuditLogPage() {
  const { entries, view, choices, timeZone, nextCursor, previousCursor } = useLoaderData<typeof loader>();
  const columns: DataTableColumn<AuditEntry>[] = [
    { id: "when", header: "When", className: "whitespace-nowrap", cell: (entry) => formatDateTime(entry.occurredAt, timeZone) },
    { id: "who", header: "Admin", cell: (entry) => entry.actorEmail ?? "—" },
    { id: "action", header: "Action", cell: (entry) => <code className="text-xs">{entry.action}</code> },
    {
      id: "record",
      header: "Record",
      cell: (entry) => {
        if (!entry.entityType) return "—";
        const page = RECORD_PAGES[entry.entityType];
        const label = `${entry.entityType}${entry.entityId ? ` ${entry.entityId.slice(0, 8)}` : ""}`;
        return page && entry.entityId ? (
          <Link to={`${page}/${entry.entityId}`} className="hover:underline">
            {label}
          </Link>
        ) : (
          label
        );
      },
    },
    { id: "summary", header: "What", cell: (entry) => entry.summary },
    { id: "address", header: "From", className: "whitespace-nowrap", cell: (entry) => entry.ipAddress ?? "—" },
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Audit log</h2>
          <p className="text-sm text-muted-foreground">Every change an admin made, newest first. Entries are never changed or removed.</p>
        </div>
        <Link to="/admin/settings/security" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Back to Security
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div className="grid gap-1">
          <Label htmlFor="audit-actor">Admin</Label>
          <NativeSelect id="audit-actor" name="actor" defaultValue={view.actor ?? ""}>
            <NativeSelectOption value="">Everyone</NativeSelectOption>
            {choices.actors.map((actor) => (
              <NativeSelectOption key={actor.id} value={actor.id}>
                {actor.email}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-domain">Action</Label>
          <NativeSelect id="audit-domain" name="domain" defaultValue={view.domain ?? ""}>
            <NativeSelectOption value="">All</NativeSelectOption>
            {choices.domains.map((domain) => (
              <NativeSelectOption key={domain} value={domain}>
                {domain}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-type">Record type</Label>
          <NativeSelect id="audit-type" name="type" defaultValue={view.entityType ?? ""}>
            <NativeSelectOption value="">All</NativeSelectOption>
            {choices.entityTypes.map((type) => (
              <NativeSelectOption key={type} value={type}>
                {type}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" type="date" name="from" defaultValue={view.from ?? ""} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" type="date" name="to" defaultValue={view.to ?? ""} />
        </div>
        {view.entityId ? <input type="hidden" name="record" value={view.entityId} /> : null}
        <Button type="submit" variant="outline">
          Filter
        </Button>
        <Link to="/admin/settings/security/audit" className={buttonVariants({ variant: "ghost" })}>
          Clear
        </Link>
      </Form>
      <DataTable rows={entries} columns={columns} getRowId={(entry) => entry.id} label="Audit log" emptyMessage="No changes recorded for these filters." />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
    </div>
  );
}
