import ArrowLeft from "lucide-react/icons/arrow-left";
import * as React from "react";
import { useLoaderData } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { formatDateTime } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/suppressions-page";
import type { EmailSuppression } from "./schema";
import { AddSuppressionDialog, RemoveSuppressionDialog } from "./suppression-dialogs";
import { SUPPRESSION_LIST_VIEW, suppressionAddressSchema, suppressionEntrySchema } from "./suppression-forms";
import { addSuppressionByAdmin, listSuppressions, removeSuppressionByAdmin } from "./suppression-list.server";
import { SUPPRESSION_REASON_LABELS } from "./suppression-options";

export const meta: Route.MetaFunction = () => [{ title: "Suppression List | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminListPage(request, SUPPRESSION_LIST_VIEW, ({ view, ...page }) => listSuppressions({ search: view.q, ...page }));
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "add-suppression": async (form) => {
      const email = await addSuppressionByAdmin(actor, parseForm(suppressionEntrySchema, form));
      return { ok: true, toast: "Address added to the suppression list", toastDescription: email } satisfies FormSuccess;
    },
    "remove-suppression": async (form) => {
      const email = await removeSuppressionByAdmin(actor, parseForm(suppressionAddressSchema, form).email);
      return { ok: true, toast: "Address removed from the suppression list", toastDescription: email } satisfies FormSuccess;
    },
  }));
}

const REASON_BADGE = { unsubscribed: "secondary", bounced: "warning", admin: "outline" } as const;

export default function SuppressionsPage() {
  const { suppressions, nextCursor, previousCursor, view, timeZone } = useLoaderData<typeof loader>();
  const [adding, setAdding] = React.useState(false);
  const [removing, setRemoving] = React.useState<string | null>(null);

  const columns: DataTableColumn<EmailSuppression>[] = [
    { id: "email", header: "Address", cell: (row) => <span className="font-medium break-all">{row.email}</span> },
    { id: "reason", header: "Reason", cell: (row) => <Badge variant={REASON_BADGE[row.reason]}>{SUPPRESSION_REASON_LABELS[row.reason]}</Badge> },
    { id: "detail", header: "Detail", cell: (row) => <span className="line-clamp-2 max-w-md text-sm text-muted-foreground">{row.detail ?? "—"}</span> },
    { id: "since", header: "Since", cell: (row) => formatDateTime(row.createdAt, timeZone) },
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
    <ListPage
      title="Suppression List"
      description="Addresses that receive no marketing e-mail: they unsubscribed, their mail server rejected our mail, or you added them. Bookings, invoices and other e-mails people ask for still go."
      links={[{ to: "/admin/emails", label: "Email Logs", icon: ArrowLeft }]}
      createLink={{ onClick: () => setAdding(true), label: "Add Address" }}
      table={{
        label: "Suppressed addresses",
        rows: suppressions,
        columns,
        getRowId: suppressedAddress,
      }}
      empty={{ none: "No suppressed addresses. Everyone who gets marketing e-mail can still receive it.", filtered: "No suppressed address matches this search.", isFiltered: isFilteredView(view, SUPPRESSION_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
      dialogs={
        <>
          <AddSuppressionDialog open={adding} onOpenChange={setAdding} />
          <RemoveSuppressionDialog email={removing} onOpenChange={(open) => !open && setRemoving(null)} />
        </>
      }
    >
      <ListFilters label="Search the suppression list" view={view} search={{ placeholder: "Search addresses" }} />
    </ListPage>
  );
}

const suppressedAddress = (row: EmailSuppression) => row.email;
