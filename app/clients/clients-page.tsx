import { Download, ExternalLink, Search } from "lucide-react";
import { useMemo } from "react";
import { Form, Link, useLoaderData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { getOrganizationSettings, listPackageTiers } from "~/settings/settings.server";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { filterHref } from "~/lists/list-view";
import { formatDate } from "~/formatting/dates";
import { redirectWithToast } from "~/forms/flash.server";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { Route } from "./+types/clients-page";
import { tierLabel } from "./client-display";
import {
  addClientSchema,
  CLIENT_STATUS_LABELS,
  clientListFilterFrom,
  clientListSortFrom,
  clientPaymentStatusSchema,
  clientStatusSchema,
  PAYMENT_STATUS_LABELS,
} from "./client-form";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";
import { AddClientDialog, InlineStatusSelect } from "./clients-dialogs";
import { addClient, listClients, setClientPaymentStatus, setClientStatus } from "./clients.server";
import type { Client } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Clients Directory | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = clientListFilterFrom(url.searchParams);
  const sort = clientListSortFrom(url.searchParams);
  const [page, settings, tierTable] = await Promise.all([
    listClients({ ...filter, sort, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
    listPackageTiers(),
  ]);
  const tiers = tierTable.map(({ tier, name }) => ({ tier, name }));
  return { ...page, filter, sort, tiers, timeZone: settings.timezone };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return answerForm(request, {
    create: async (form) => {
      const { client, invoice } = await addClient(parseForm(addClientSchema, form));
      return redirectWithToast("/admin/clients", {
        type: "success",
        title: "Client added successfully",
        description: `${client.name} starts with draft invoice ${invoice.invoiceNumber}.`,
      });
    },
    // The rows' selects stay on the page: their answer carries the toast.
    status: async (form) => {
      const { clientId, status } = parseForm(clientStatusSchema, form);
      await setClientStatus(clientId, status);
      return { ok: true, intent: "status", toast: "Status updated" } satisfies FormSuccess;
    },
    payment: async (form) => {
      const { clientId, paymentStatus } = parseForm(clientPaymentStatusSchema, form);
      await setClientPaymentStatus(clientId, paymentStatus);
      return { ok: true, intent: "payment", toast: "Payment status updated" } satisfies FormSuccess;
    },
  });
}

export default function ClientsPage() {
  const { clients, total, nextCursor, previousCursor, filter, sort, tiers, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  // Stable column definitions: the data table renders cells as components, so new definitions on
  // every render would remount the inline selects (and lose their save in progress).
  const columns = useMemo<DataTableColumn<Client>[]>(
    () => [
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
          {
            id: "tier",
            header: "Tier",
            sortable: true,
            className: "whitespace-nowrap",
            cell: (client) => tierLabel(tiers, client.tier),
          },
          {
            id: "status",
            header: "Status",
            cell: (client) => <InlineStatusSelect clientId={client.id} clientName={client.name} intent="status" value={client.status} />,
          },
          {
            id: "payment",
            header: "Payment",
            cell: (client) => (
              <InlineStatusSelect clientId={client.id} clientName={client.name} intent="payment" value={client.paymentStatus} />
            ),
          },
          {
            id: "projectLink",
            header: "Project Link",
            cell: (client) =>
              client.projectLink ? (
                <a
                  href={client.projectLink}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 text-primary hover:underline"
                >
                  View site <ExternalLink className="size-3" aria-hidden="true" />
                </a>
              ) : (
                <span className="text-muted-foreground">—</span>
              ),
          },
          { id: "created", header: "Created", sortable: true, className: "whitespace-nowrap", cell: (client) => formatDate(client.createdAt, timeZone) },
        ],
    [timeZone, tiers],
  );
  const exportParams = new URLSearchParams();
  if (filter.q) exportParams.set("q", filter.q);
  if (filter.status) exportParams.set("status", filter.status);
  if (filter.payment) exportParams.set("payment", filter.payment);
  const filtered = Boolean(filter.q || filter.status || filter.payment);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Clients Directory</h1>
          <p className="text-muted-foreground">Everyone you build for: their status, payments and projects.</p>
        </div>
        <div className="flex gap-2">
          <a href={`/admin/clients/export${exportParams.size > 0 ? `?${exportParams.toString()}` : ""}`} download className={buttonVariants({ variant: "outline" })}>
              <Download aria-hidden="true" /> Export CSV
            </a>
          <AddClientDialog tiers={tiers} />
        </div>
      </div>

      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-2"
        onChange={(event) => {
          // Selects apply at once; typing waits for Enter or the Search button.
          if (event.target instanceof HTMLSelectElement) void submit(event.currentTarget);
        }}
      >
        {/* The sort stays when the filters change; the page goes back to the first. */}
        {["sort", "dir"].map((name) => {
          const value = searchParams.get(name);
          return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
        })}
        <div className="grid min-w-64 flex-1 gap-1">
          <label htmlFor="client-search" className="text-sm font-medium">
            Search
          </label>
          <Input id="client-search" name="q" type="search" defaultValue={filter.q} placeholder="Search by name or email" maxLength={200} />
        </div>
        <div className="grid gap-1">
          <label htmlFor="client-status-filter" className="text-sm font-medium">
            Status
          </label>
          <NativeSelect id="client-status-filter" name="status" defaultValue={filter.status ?? ""} wrapperClassName="w-40">
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {CLIENT_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {CLIENT_STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor="client-payment-filter" className="text-sm font-medium">
            Payment
          </label>
          <NativeSelect id="client-payment-filter" name="payment" defaultValue={filter.payment ?? ""} wrapperClassName="w-40">
            <NativeSelectOption value="">All payments</NativeSelectOption>
            {PAYMENT_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Search
        </Button>
        {filtered ? (
          <Link to={filterHref(searchParams, { q: null, status: null, payment: null })} className={buttonVariants({ variant: "ghost" })}>Clear filters</Link>
        ) : null}
      </Form>

      <DataTable
        label="Clients"
        tableId="clients"
        rows={clients}
        getRowId={(client) => client.id}
        rowHref={(client) => `/admin/clients/${client.id}`}
        busy={navigation.state === "loading"}
        sort={sort}
        emptyMessage={filtered ? "No clients match these filters." : "No clients yet. Convert a lead or add a client to start."}
        columns={columns}
      />
      <DataTablePager
        previousCursor={previousCursor}
        nextCursor={nextCursor}
        summary={`${total === 1 ? "1 client" : `${total} clients`}${filtered ? " match" : ""}`}
      />
    </div>
  );
}
