import { Pencil, Plus } from "lucide-react";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { formatDateTime } from "~/formatting/dates";
import { Input } from "~/ui/input";
import type { Route } from "./+types/templates-page";
import { handleTemplateListAction } from "./template-actions.server";
import { CloneTemplateButton, DeleteTemplateButton } from "./template-row-actions";
import { listTemplates, type TemplateListRow } from "./templates.server";

export const meta: Route.MetaFunction = () => [{ title: "Templates | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [page, settings] = await Promise.all([
    listTemplates({ search, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
  ]);
  return { ...page, search, timeZone: settings.timezone };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleTemplateListAction(request, admin);
}

export default function TemplatesPage() {
  const { templates, nextCursor, previousCursor, search, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;

  const columns: DataTableColumn<TemplateListRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (template) => (
        <Link to={`/admin/templates/${template.id}`} className="font-medium hover:underline">
          {template.name}
        </Link>
      ),
    },
    {
      id: "kind",
      header: "Kind",
      cell: (template) =>
        template.key ? (
          <Badge variant="secondary" title={`Sent by the product as “${template.key}”`}>
            System · {template.key}
          </Badge>
        ) : (
          <Badge variant="outline">Custom</Badge>
        ),
    },
    { id: "subject", header: "Subject", cell: (template) => <span className="line-clamp-1">{template.subject}</span> },
    { id: "version", header: "Version", className: "tabular-nums", cell: (template) => `v${template.version}` },
    { id: "updated", header: "Updated", className: "whitespace-nowrap", cell: (template) => formatDateTime(template.updatedAt, timeZone) },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (template) => (
        <div className="flex justify-end gap-1">
          <Link to={`/admin/templates/${template.id}`} className={buttonVariants({ size: "sm", variant: "ghost" })} aria-label={`Edit ${template.name}`}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Link>
          <CloneTemplateButton template={template} action="/admin/templates" returnTo={returnTo} />
          <DeleteTemplateButton template={template} action="/admin/templates" returnTo={returnTo} />
        </div>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Templates</h1>
          <p className="text-muted-foreground">The e-mails the product and your cadences send. Placeholders like {"{{FirstName}}"} are filled when a message goes out.</p>
        </div>
        <Link to="/admin/templates/new" className={buttonVariants()}>
          <Plus className="size-4" aria-hidden="true" /> New Template
        </Link>
      </div>

      <Form method="get" role="search" aria-label="Search templates" className="flex flex-wrap items-end gap-2">
        <Input name="q" type="search" defaultValue={search} key={search} placeholder="Search by name or subject" aria-label="Search templates" className="w-72" maxLength={200} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search ? (
          <Link to="/admin/templates" className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        ) : null}
      </Form>

      <DataTable
        label="Templates"
        rows={templates}
        columns={columns}
        getRowId={(template) => template.id}
        rowHref={(template) => `/admin/templates/${template.id}`}
        busy={navigation.state === "loading"}
        emptyMessage={search ? "No templates match this search." : "No templates yet."}
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
    </div>
  );
}
