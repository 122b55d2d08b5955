import { Download, ExternalLink, Plus, Search } from "lucide-react";
import { useEffect, useMemo } from "react";
import { data, Form, Link, useFetcher, useLoaderData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { filterHref } from "~/ui/data-table-params";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { DEFAULT_TIER_CATALOG, TIER_IDS } from "~/settings/tier-catalog";
import { Button, buttonVariants } from "~/ui/button";
import { formatDate } from "~/ui/date-format";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { redirectWithToast } from "~/ui/flash.server";
import { FormField } from "~/ui/form-field";
import { checkForm, type FieldErrors } from "~/forms/form-result";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { DataTable, DataTablePager, type DataTableColumn } from "~/ui/data-table";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/toaster";
import { useFormDialog } from "~/forms/use-form-action";
import type { Route } from "./+types/clients-page";
import {
  addClientSchema,
  CLIENT_STATUS_LABELS,
  clientListFilterFrom,
  clientListSortFrom,
  clientPaymentStatusSchema,
  clientStatusSchema,
  PAYMENT_STATUS_LABELS,
} from "./client-form";
import { CLIENT_STATUSES, PAYMENT_STATUSES, type ClientStatus, type PaymentStatus } from "./client-options";
import { addClient, listClients, setClientPaymentStatus, setClientStatus } from "./clients.server";
import type { Client } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Clients Directory | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = clientListFilterFrom(url.searchParams);
  const sort = clientListSortFrom(url.searchParams);
  const [page, settings] = await Promise.all([
    listClients({ ...filter, sort, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
  ]);
  return { ...page, filter, sort, timeZone: settings.timezone };
}

export type ClientsActionResult =
  | { intent: "create"; ok: false; fieldErrors: FieldErrors; values: Record<string, string> }
  | { intent: "status" | "payment"; ok: boolean; message: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "create") {
    const checked = checkForm(addClientSchema, form);
    if (!checked.ok) {
      return data<ClientsActionResult>({ intent: "create", ok: false, fieldErrors: checked.fieldErrors, values: checked.values }, { status: 400 });
    }
    const { client, invoice } = await addClient(checked.data);
    return redirectWithToast("/admin/clients", {
      type: "success",
      title: "Client added successfully",
      description: `${client.name} starts with draft invoice ${invoice.invoiceNumber}.`,
    });
  }

  if (intent === "status") {
    const checked = checkForm(clientStatusSchema, form);
    const updated = checked.ok ? await setClientStatus(checked.data.clientId, checked.data.status) : undefined;
    return updated
      ? data<ClientsActionResult>({ intent: "status", ok: true, message: "Status updated" })
      : data<ClientsActionResult>({ intent: "status", ok: false, message: "Failed to update status" }, { status: 400 });
  }

  if (intent === "payment") {
    const checked = checkForm(clientPaymentStatusSchema, form);
    const updated = checked.ok ? await setClientPaymentStatus(checked.data.clientId, checked.data.paymentStatus) : undefined;
    return updated
      ? data<ClientsActionResult>({ intent: "payment", ok: true, message: "Payment status updated" })
      : data<ClientsActionResult>({ intent: "payment", ok: false, message: "Failed to update status" }, { status: 400 });
  }

  return data({ intent: "status", ok: false, message: "Unknown action" } satisfies ClientsActionResult, { status: 400 });
}

const tierName = (tier: string) => DEFAULT_TIER_CATALOG.find((entry) => entry.tier === tier)?.name ?? `Tier ${tier}`;

/** A select that saves its row's value as soon as it changes, and says so in a toast. */
function InlineStatusSelect({
  clientId,
  clientName,
  intent,
  value,
}: {
  clientId: string;
  clientName: string;
  intent: "status" | "payment";
  value: ClientStatus | PaymentStatus;
}) {
  const fetcher = useFetcher<ClientsActionResult>();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || result.intent === "create") return;
    if (result.ok) toast.success(result.message);
    else toast.error("Error", { description: result.message });
  }, [fetcher.state, result]);

  const field = intent === "status" ? "status" : "paymentStatus";
  const options = intent === "status" ? CLIENT_STATUSES : PAYMENT_STATUSES;
  const labels: Record<string, string> = intent === "status" ? CLIENT_STATUS_LABELS : PAYMENT_STATUS_LABELS;
  const pending = fetcher.formData?.get(field);
  const shown = typeof pending === "string" ? pending : value;
  return (
    <fetcher.Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="clientId" value={clientId} />
      <NativeSelect
        name={field}
        value={shown}
        aria-label={`${intent === "status" ? "Status" : "Payment status"} of ${clientName}`}
        compact
        wrapperClassName="w-full min-w-28"
        onChange={(event) => void fetcher.submit(event.currentTarget.form)}
      >
        {options.map((option) => (
          <NativeSelectOption key={option} value={option}>
            {labels[option]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
    </fetcher.Form>
  );
}

function AddClientDialog() {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog<ClientsActionResult>();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Add Client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>The client starts active, with a draft invoice for their tier.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="create" />
          <FormField label="Name" name="name" required error={errors.name}>
            <Input defaultValue={values.name} autoComplete="off" maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" required error={errors.email}>
            <Input type="email" defaultValue={values.email} autoComplete="off" maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" error={errors.phone}>
            <Input type="tel" defaultValue={values.phone} autoComplete="off" maxLength={40} />
          </FormField>
          <FormField label="Tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? "1"}>
              {TIER_IDS.map((tier) => (
                <NativeSelectOption key={tier} value={tier}>
                  Tier {tier} – {tierName(tier)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Notes" name="notes" error={errors.notes}>
            <Textarea defaultValue={values.notes} rows={3} maxLength={5000} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : "Add Client"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export default function ClientsPage() {
  const { clients, total, nextCursor, previousCursor, filter, sort, timeZone } = useLoaderData<typeof loader>();
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
            cell: (client) => `Tier ${client.tier} – ${tierName(client.tier)}`,
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
    [timeZone],
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
          <AddClientDialog />
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
