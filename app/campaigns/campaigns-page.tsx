import { ArrowLeft, MoreHorizontal, Plus } from "lucide-react";
import * as React from "react";
import { Link, useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { redirectWithToast } from "~/forms/flash.server";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/ui/dropdown-menu";
import { formatCents } from "~/formatting/money";
import type { Route } from "./+types/campaigns-page";
import { CampaignDialog, DeleteCampaignDialog, type CampaignFields } from "./campaign-dialogs";
import { campaignIdSchema, campaignSchema } from "./campaign-forms";
import { CAMPAIGN_STATUS_BADGE, startDateText } from "./campaign-options";
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign, type CampaignListRow } from "./campaigns.server";

export const meta: Route.MetaFunction = () => [{ title: "Marketing Campaigns | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const [page, settings] = await Promise.all([
    listCampaigns({ after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    getOrganizationSettings(),
  ]);
  return { ...page, defaultPromoDays: settings.promoDurationDays };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const actor = admin.actor;
  return answerForm(
    request,
    {
      "create-campaign": async (form) => {
        const campaign = await createCampaign(parseForm(campaignSchema, form), actor);
        return redirectWithToast(`/admin/campaigns/${campaign.id}`, { type: "success", title: "Campaign created", description: campaign.name });
      },
      "update-campaign": async (form) => {
        const { campaignId } = parseForm(campaignIdSchema, form);
        await updateCampaign(campaignId, parseForm(campaignSchema, form), actor);
        return redirectWithToast("/admin/campaigns", { type: "success", title: "Campaign updated" });
      },
      "delete-campaign": async (form) => {
        const deleted = await deleteCampaign(parseForm(campaignIdSchema, form).campaignId, actor);
        return redirectWithToast("/admin/campaigns", { type: "success", title: "Campaign deleted", description: deleted.name });
      },
    },
    { failureTitles: { "delete-campaign": "Failed to delete campaign" } },
  );
}

export default function CampaignsPage() {
  const { campaigns, nextCursor, previousCursor, defaultPromoDays } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [editing, setEditing] = React.useState<{ campaign: CampaignFields | null } | null>(null);
  const [deleting, setDeleting] = React.useState<CampaignListRow | null>(null);

  const columns: DataTableColumn<CampaignListRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (campaign) => (
        <Link to={`/admin/campaigns/${campaign.id}`} className="font-medium hover:underline">
          {campaign.name}
        </Link>
      ),
    },
    { id: "offer", header: "Offer", cell: (campaign) => campaign.offerTitle ?? "—" },
    { id: "start", header: "Start date", className: "whitespace-nowrap", cell: (campaign) => startDateText(campaign.startDate) },
    { id: "promoDays", header: "Promo days", className: "text-right tabular-nums", cell: (campaign) => campaign.promoDurationDays },
    { id: "status", header: "Status", cell: (campaign) => <Badge variant={CAMPAIGN_STATUS_BADGE[campaign.status]}>{campaign.status}</Badge> },
    { id: "leads", header: "Leads", className: "text-right tabular-nums", cell: (campaign) => campaign.leads },
    { id: "clients", header: "Clients", className: "text-right tabular-nums", cell: (campaign) => campaign.clients },
    { id: "revenue", header: "Revenue", className: "text-right tabular-nums", cell: (campaign) => formatCents(campaign.revenueCents) },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (campaign) => (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${campaign.name}`}>
              <MoreHorizontal className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <Link to={`/admin/campaigns/${campaign.id}`}>View Details</Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setEditing({ campaign })}>Edit</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(campaign)}>
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/admin" className={buttonVariants({ variant: "ghost", size: "sm", className: "w-fit" })}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Marketing Campaigns</h1>
          <p className="text-muted-foreground">Share a campaign&apos;s link and see the leads, clients and revenue it brings.</p>
        </div>
        <Button onClick={() => setEditing({ campaign: null })}>
          <Plus className="size-4" aria-hidden="true" /> Create Campaign
        </Button>
      </div>
      <DataTable
        label="Campaigns"
        rows={campaigns}
        columns={columns}
        getRowId={(campaign) => campaign.id}
        rowHref={(campaign) => `/admin/campaigns/${campaign.id}`}
        busy={navigation.state === "loading"}
        emptyMessage="No campaigns yet. Create one and share its link."
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
      <CampaignDialog
        key={editing?.campaign?.id ?? "new"}
        open={editing !== null}
        campaign={editing?.campaign ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
        action="/admin/campaigns"
        defaultPromoDays={defaultPromoDays}
      />
      <DeleteCampaignDialog campaign={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
