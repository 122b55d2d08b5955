import ExternalLink from "lucide-react/icons/external-link";
import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { redirectWithToast } from "~/forms/flash.server";
import { formatDate } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { tierLabel, tierNamesOf } from "~/organization/tier-names";
import { listPackageTiers } from "~/organization/settings.server";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/clients-page";
import { addClientSchema, clientPaymentStatusSchema, clientRowsSchema, clientStatusSchema } from "./client-form";
import { CLIENT_LIST_VIEW } from "./client-list-view";
import { AddClientDialog, ClientFilters, ClientRowsForm, InlineStatusSelect } from "./clients-dialogs";
import { addClient } from "./add-client.server";
import { listClients, type ClientRow } from "./client-lists.server";
import { saveClientRows } from "./save-client-rows.server";
import { setClientPaymentStatus, setClientStatus } from "./client-status-selects.server";

export const meta: Route.MetaFunction = () => [{ title: "Clients Directory | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminListPage(request, CLIENT_LIST_VIEW, listClients, async () => ({ tierNames: tierNamesOf(await listPackageTiers()) }));
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    create: async (form) => {
      const { client, invoice } = await addClient({ actor, input: parseForm(addClientSchema, form) });
      return redirectWithToast("/admin/clients", {
        type: "success",
        title: "Client added successfully",
        description: `${client.name} starts with draft invoice ${invoice.invoiceNumber}.`,
      });
    },
    // The rows' selects stay on the page: their answer carries the toast.
    status: async (form) => {
      const { clientId, status } = parseForm(clientStatusSchema, form);
      await setClientStatus({ actor, clientId, status });
      return { ok: true, intent: "status", toast: "Status updated" } satisfies FormSuccess;
    },
    payment: async (form) => {
      const { clientId, paymentStatus } = parseForm(clientPaymentStatusSchema, form);
      await setClientPaymentStatus({ actor, clientId, paymentStatus });
      return { ok: true, intent: "payment", toast: "Payment status updated" } satisfies FormSuccess;
    },
    // Every row's selects at once, from the page without JavaScript: back to the list as it was shown.
    rows: async (form) => {
      await saveClientRows({ actor, rows: parseForm(clientRowsSchema, form) });
      const { pathname, search } = new URL(request.url);
      return redirectWithToast(`${pathname}${search}`, { type: "success", title: "Status updated" });
    },
  }));
}

export default function ClientsPage() {
  const { rows, total, nextCursor, previousCursor, view, tierNames, timeZone } = useLoaderData<typeof loader>();
  const [adding, setAdding] = React.useState(false);
  const filtered = isFilteredView(view, CLIENT_LIST_VIEW);

  const columns: DataTableColumn<ClientRow>[] = [
    {
      id: "name",
      header: "Name",
      sortable: true,
      className: "font-medium",
      cell: (client) => (
        <Link to={`/admin/clients/${client.id}`} className="hover:underline">
          {client.name}
        </Link>
      ),
    },
    { id: "email", header: "Email", sortable: true, cell: (client) => client.email },
    { id: "phone", header: "Phone", cell: (client) => client.phone ?? "—" },
    { id: "tier", header: "Tier", sortable: true, cell: (client) => tierLabel(client.tier, tierNames) },
    {
      id: "status",
      header: "Status",
      cell: (client) => <InlineStatusSelect clientId={client.id} clientName={client.name} intent="status" value={client.status} />,
    },
    {
      id: "payment",
      header: "Payment",
      cell: (client) => <InlineStatusSelect clientId={client.id} clientName={client.name} intent="payment" value={client.paymentStatus} />,
    },
    {
      id: "projectLink",
      header: "Project Link",
      cell: (client) =>
        client.projectLink ? (
          <a href={client.projectLink} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-primary hover:underline">
            View site <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: "created", header: "Created", sortable: true, cell: (client) => formatDate(client.createdAt, timeZone) },
  ];

  return (
    <ListPage
      title="Clients Directory"
      description="Everyone you build for: their status, payments and projects."
      exportPath="/admin/clients/export"
      createLink={{ onClick: () => setAdding(true), label: "Add Client" }}
      table={{
        label: "Clients",
        tableId: "clients",
        rows,
        columns,
        sort: view.sort,
        rowHref: (client) => `/admin/clients/${client.id}`,
      }}
      empty={{ none: "No clients yet. Convert a lead or add a client to start.", filtered: "No clients match these filters.", isFiltered: filtered }}
      pager={{ previousCursor, nextCursor, summary: `${total === 1 ? "1 client" : `${total} clients`}${filtered ? " match" : ""}` }}
      dialogs={<AddClientDialog open={adding} onOpenChange={setAdding} tierNames={tierNames} />}
    >
      <ClientFilters view={view} />
      <ClientRowsForm />
    </ListPage>
  );
}

