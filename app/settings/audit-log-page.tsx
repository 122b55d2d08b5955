import { readListView } from "~/lists/list-view";
import { Link, useLoaderData } from "react-router";
import { auditFilterChoices, listAuditLogPage } from "~/audit/audit-log.server";
import { dayRangeInstants, AUDIT_LOG_VIEW } from "~/audit/audit-log-view";
import type { AuditEntry } from "~/audit/schema";
import { requireAdmin } from "~/auth/guard.server";
import { formatDateTime } from "~/formatting/dates";
import { DataTable } from "~/lists/data-table";
import { DataTablePager } from "~/lists/table-pager";
import { type DataTableColumn } from "~/lists/data-table-columns";
import { ListFilters } from "~/lists/list-filters";
import { LinkButton } from "~/ui/button";
import type { Route } from "./+types/audit-log-page";
import { getOrganizationSettings } from "~/organization/settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Settings | Admin" }];

/** Where an entry's record is shown, when it has a page. */
const RECORD_PAGES: Record<string, string> = {
  lead: "/admin/leads",
  client: "/admin/clients",
  project: "/admin/projects",
  invoice: "/admin/invoices",
  campaign: "/admin/campaigns",
  cadence: "/admin/cadences",
  email_template: "/admin/templates",
  email_outbox: "/admin/emails",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const view = readListView(params, AUDIT_LOG_VIEW);
  const settings = await getOrganizationSettings();
  const filters = {
    ...(view.actor ? { actorUserId: view.actor } : {}),
    ...(view.domain ? { domain: view.domain } : {}),
    ...(view.type ? { entityType: view.type } : {}),
    ...(view.record ? { entityId: view.record } : {}),
    ...dayRangeInstants(view.from, view.to, settings.timezone),
  };
  const [page, choices] = await Promise.all([listAuditLogPage(filters, { after: params.get("after"), before: params.get("before") }), auditFilterChoices()]);
  return { ...page, view, choices, timeZone: settings.timezone };
}

export default function AuditLogPage() {
  const { entries, view, choices, timeZone, nextCursor, previousCursor } = useLoaderData<typeof loader>();
  const columns: DataTableColumn<AuditEntry>[] = [
    { id: "when", header: "When", cell: (entry) => formatDateTime(entry.occurredAt, timeZone) },
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
    { id: "address", header: "From", cell: (entry) => entry.ipAddress ?? "—" },
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Audit log</h2>
          <p className="text-sm text-muted-foreground">Every change an admin made, newest first. Entries are never changed or removed.</p>
        </div>
        <LinkButton to="/admin/settings/security" variant="outline" size="sm">
          Back to Security
        </LinkButton>
      </div>
      <ListFilters
        label="Filter the audit log"
        view={view}
        selects={[
          { name: "actor", label: "Admin", allLabel: "Every admin", options: choices.actors.map((actor) => ({ value: actor.id, label: actor.email })), width: "w-56" },
          { name: "domain", label: "Action", allLabel: "All actions", options: choices.domains.map((domain) => ({ value: domain, label: domain })) },
          { name: "type", label: "Record type", allLabel: "All record types", options: choices.entityTypes.map((type) => ({ value: type, label: type })) },
        ]}
        days={[
          { name: "from", label: "From" },
          { name: "to", label: "To" },
        ]}
        keep={["record"]}
      />
      <DataTable rows={entries} columns={columns} label="Audit log" emptyMessage="No changes recorded for these filters." />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
    </div>
  );
}

