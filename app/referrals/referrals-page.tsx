import { Link, useLoaderData } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { useFormAction } from "~/forms/use-form-action";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListPage } from "~/lists/list-page";
import { formatDate } from "~/formatting/dates";
import { redirectWithToast } from "~/forms/flash.server";
import { formatCents } from "~/formatting/money";
import { loadAdminPagedList } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/referrals-page";
import { ReferralStatusBadge, ReferredPerson } from "./referral-display";
import { referralPaidSchema } from "./referral-forms";
import { listReferrals, setReferralPaid } from "./referrals.server";
import type { Referral } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

export const meta: Route.MetaFunction = () => [{ title: "Referrals Tracker | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const [page, settings] = await loadAdminPagedList(request, listReferrals, getOrganizationSettings);
  return { ...page, timeZone: settings.timezone, commissionPercent: settings.referralCommissionPercent };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "set-paid": async (form) => {
      const { referralId, paid } = parseForm(referralPaidSchema, form);
      const referral = await setReferralPaid(actor, referralId, paid);
      const back = new URL(request.url);
      return redirectWithToast(`/admin/referrals${back.search}`, {
        type: "success",
        title: paid ? "Commission marked paid" : "Commission marked unpaid",
        description: `Referral of ${referral.clientName ?? "a lead"} by ${referral.referrerName}`,
      });
    },
  }));
}

/** Mark paid (a converted referral) or unmark it. */
function PaidToggle({ referral }: { referral: Referral }) {
  const { fetcher, busy } = useFormAction({ intent: "set-paid", key: `paid-${referral.id}` });
  if (referral.status !== "converted" && !referral.paid) return <span className="text-muted-foreground">—</span>;
  return (
    <fetcher.Form method="post" className="flex items-center justify-end gap-2" noValidate>
      <HiddenInputs fields={{ intent: "set-paid", referralId: referral.id, paid: String(!referral.paid) }} />
      {referral.paid ? <Badge>Paid</Badge> : null}
      <Button type="submit" size="sm" variant={referral.paid ? "ghost" : "outline"} disabled={busy} aria-label={`${referral.paid ? "Mark unpaid" : "Mark paid"}: referral of ${referral.clientName ?? "lead"} by ${referral.referrerName}`}>
        {referral.paid ? "Mark unpaid" : "Mark paid"}
      </Button>
    </fetcher.Form>
  );
}

export default function ReferralsPage() {
  const { rows, nextCursor, previousCursor, timeZone, commissionPercent } = useLoaderData<typeof loader>();
  const columns: DataTableColumn<Referral>[] = [
    {
      id: "referrer",
      header: "Referrer",
      cell: (referral) =>
        referral.referrerClientId ? (
          <Link to={`/admin/clients/${referral.referrerClientId}`} className="font-medium hover:underline">
            {referral.referrerName}
          </Link>
        ) : (
          <span className="font-medium">{referral.referrerName}</span>
        ),
    },
    {
      id: "client",
      header: "Client",
      cell: (referral) => <ReferredPerson referral={referral} />,
    },
    { id: "status", header: "Status", cell: (referral) => <ReferralStatusBadge status={referral.status} /> },
    { id: "percent", header: "Commission %", className: "text-right tabular-nums", cell: (referral) => (referral.commissionPercent === null ? "—" : `${referral.commissionPercent}%`) },
    {
      id: "amount",
      header: "Commission",
      className: "text-right tabular-nums",
      cell: (referral) =>
        referral.commissionCents === null ? (
          <span className="text-muted-foreground" title="Earned once the client's first invoice is paid">
            {referral.status === "converted" ? "Awaiting first payment" : "—"}
          </span>
        ) : (
          formatCents(referral.commissionCents)
        ),
    },
    { id: "created", header: "Referred", cell: (referral) => formatDate(referral.createdAt, timeZone) },
    { id: "paid", header: "Paid", className: "text-right", cell: (referral) => <PaidToggle referral={referral} /> },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/admin" className="w-fit">Back to Dashboard</BackLink>
      <ListPage
        title="Referrals Tracker"
        description={`Leads who arrived through a client's referral link. A referral earns ${commissionPercent}% of the new client's first paid invoice (the percent is fixed when the lead becomes a client).`}
        table={{
          label: "Referrals",
          rows,
          columns,
        }}
        empty={{ none: "No referrals yet. Each client's page has their referral link to share." }}
        pager={{ previousCursor, nextCursor }}
      />
    </div>
  );
}
