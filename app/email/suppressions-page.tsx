import { ArrowLeft, Plus, Search } from "lucide-react";
import * as React from "react";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { formatDateTime } from "~/formatting/dates";
import { Input } from "~/ui/input";
import type { Route } from "./+types/suppressions-page";
import type { EmailSuppression } from "./schema";
import { AddSuppressionDialog, RemoveSuppressionDialog } from "./suppression-dialogs";
import { readSuppressionSearch, suppressionAddressSchema, suppressionEntrySchema } from "./suppression-forms";
import { addSuppressionByAdmin, listSuppressions, removeSuppressionByAdmin } from "./suppression-list.server";
import { SUPPRESSION_REASON_LABELS } from "./suppression-options";

export const meta: Route.MetaFunction = () => [{ title: "Suppression List | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = readSuppressionSearch(url.searchParams);
  const [page, settings] = await Promise.all([
    listSuppressions({ search, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
  ]);
  return { ...page, search, timeZone: settings.timezone };
}


export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const actor = admin.actor;
  return answerForm(request, {
    "add-suppression": async (form) => {
      const email = await addSuppressionByAdmin(parseForm(suppressionEntrySchema, form), actor);
      return { ok: true, toast: "Address added to the suppression list", toastDescription: email } satisfies FormSuccess;
    },
    "remove-suppression": async (form) => {
      const email = await removeSuppressionByAdmin(parseForm(suppressionAddressSchema, form).email, actor);
      return { ok: true, toast: "Address removed from the suppression list", toastDescription: email } satisfies FormSuccess;
    },
  });
}

const REASON_BADGE = { unsubscribed: "secondary", bounced: "warning", admin: "outline" } as const;

export default function SuppressionsPage() {
  const { suppressions, nextCursor, previousCursor, search, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [adding, setAdding] = React.useState(false);
  const [removing, setRemoving] = React.useState<string | null>(null);

  const columns: DataTableColumn<EmailSuppression>[] = [
    { id: "email", header: "Address", cell: (row) => <span className="font-medium break-all">{row.email}</span> },
    { id: "reason", header: "Reason", cell: (row) => <Badge variant={REASON_BADGE[row.reason]}>{SUPPRESSION_REASON_LABELS[row.reason]}</Badge> },
    { id: "detail", header: "Detail", cell: (row) => <span className="line-clamp-2 max-w-md text-sm text-muted-foreground">{row.detail ?? "—"}</span> },
    { id: "since", header: "Since", className: "whitespace-nowrap", cell: (row) => formatDateTime(row.createdAt, timeZone) },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (row) => (
        <div className="flex justify-end">
          <Button size="sm" variant="ghost" onClick={() => setRemoving(row.email)} aria-label={`Remove ${row.email}`}>
            Remove
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/admin/emails" className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" /> E-mail Log
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">Suppression List</h1>
          <p className="text-muted-foreground">
            Addresses that receive no marketing e-mail: they unsubscribed, their mail server rejected our mail, or you added them. Bookings,
            invoices and other e-mails people ask for still go.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" /> Add Address
        </Button>
      </div>

      <Form method="get" role="search" aria-label="Search the suppression list" className="flex flex-wrap items-end gap-2">
        <label htmlFor="suppression-search" className="sr-only">
          Search addresses
        </label>
        <div className="relative w-72">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="suppression-search" name="q" type="search" key={search} defaultValue={search} placeholder="Search addresses" maxLength={200} className="pl-8" />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search ? (
          <Link to="?" className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        ) : null}
      </Form>

      <DataTable
        label="Suppressed addresses"
        rows={suppressions}
        columns={columns}
        getRowId={(row) => row.email}
        busy={navigation.state === "loading"}
        emptyMessage={search ? "No suppressed address matches this search." : "No suppressed addresses. Everyone who gets marketing e-mail can still receive it."}
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
      <AddSuppressionDialog open={adding} onOpenChange={setAdding} />
      <RemoveSuppressionDialog email={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </div>
  );
}
