import { useLoaderData, useLocation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { formatDateTime } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { recordLinkColumn } from "~/lists/record-link-column";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { Badge } from "~/ui/badge";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/templates-page";
import { handleTemplateListAction } from "./template-actions.server";
import { TEMPLATE_LIST_VIEW, templateDeleteRefusal } from "./template-forms";
import { templateDeletion, useCloneTemplate } from "./template-row-actions";
import { listTemplates, type TemplateListRow } from "./templates.server";
import { RowMenuLink } from "~/lists/row-menu";

export const meta: Route.MetaFunction = () => [{ title: "Email Templates | Admin" }];

const LIST = "/admin/templates";

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminListPage(request, TEMPLATE_LIST_VIEW, ({ view, ...page }) => listTemplates({ search: view.q, ...page }));
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleTemplateListAction(request, actor);
}

export default function TemplatesPage() {
  const { templates, nextCursor, previousCursor, view, timeZone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const { clone } = useCloneTemplate(LIST);

  const columns: DataTableColumn<TemplateListRow>[] = [
    recordLinkColumn({ id: "name", header: "Name", href: (template) => `/admin/templates/${template.id}`, text: (template) => template.name }),
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
    { id: "updated", header: "Updated", cell: (template) => formatDateTime(template.updatedAt, timeZone) },
  ];

  return (
    <ListPage
      title="Email Templates"
      description={<>The e-mails the product and your cadences send. Placeholders like {"{{FirstName}}"} are filled when a message goes out.</>}
      createLink={{ to: "/admin/templates/new", label: "New Template" }}
      table={{
        label: "Templates",
        rows: templates,
        columns,
        rowHref: (template) => `/admin/templates/${template.id}`,
      }}
      empty={{ none: "No templates yet.", filtered: "No templates match this search.", isFiltered: isFilteredView(view, TEMPLATE_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
      rowMenu={{
        label: (template) => `Actions for ${template.name}`,
        items: (template) => (
          <>
            <RowMenuLink to={`/admin/templates/${template.id}`}>Edit</RowMenuLink>
            <DropdownMenuItem onSelect={() => clone(template.id, returnTo)}>Clone</DropdownMenuItem>
          </>
        ),
      }}
      deletion={templateDeletion(LIST)}
      deleteRefusal={templateDeleteRefusal}
    >
      <ListFilters label="Search templates" view={view} search={{ placeholder: "Search by name or subject" }} />
    </ListPage>
  );
}

