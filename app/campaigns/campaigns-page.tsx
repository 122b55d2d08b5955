import ArrowLeft from "lucide-react/icons/arrow-left";
import * as React from "react";
import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { formatCents } from "~/formatting/money";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { recordLinkColumn } from "~/lists/record-link-column";
import { ListPage } from "~/lists/list-page";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { loadAdminPagedList } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/campaigns-page";
import { CAMPAIGN_DELETION, CAMPAIGNS_URL, CampaignDialog, type CampaignFields } from "./campaign-dialogs";
import { campaignIdSchema, campaignSchema } from "~/attribution/campaign-record-form";
import { CAMPAIGN_STATUS_BADGE, startDateText } from "~/attribution/campaign-options";
import { listCampaigns, type CampaignListRow } from "./campaigns.server";
import { createCampaign, deleteCampaign, updateCampaign } from "~/attribution/campaign-records.server";
import { RowMenuLink } from "~/lists/row-menu";

export const meta: Route.MetaFunction = () => [{ title: "Marketing Campaigns | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const [page, settings] = await loadAdminPagedList(request, listCampaigns, getOrganizationSettings);
  return { ...page, defaultPromoDays: settings.promoDurationDays };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return answerForm(
    request,
    {
      "create-campaign": async (form) => {
        const campaign = await createCampaign(actor, parseForm(campaignSchema, form));
        return redirectWithToast(`/admin/campaigns/${campaign.id}`, { type: "success", title: "Campaign created", description: campaign.name });
      },
      "update-campaign": async (form) => {
        const { campaignId } = parseForm(campaignIdSchema, form);
        await updateCampaign(actor, campaignId, parseForm(campaignSchema, form));
        return redirectWithToast(CAMPAIGNS_URL, { type: "success", title: "Campaign updated" });
      },
      "delete-campaign": async (form) => {
        const deleted = await deleteCampaign(actor, parseForm(campaignIdSchema, form).campaignId);
        return redirectWithToast(CAMPAIGNS_URL, { type: "success", title: "Campaign deleted", description: deleted.name });
      },
    },
    { failureTitles: { "delete-campaign": "Failed to delete campaign" } },
  );
}

const columns: DataTableColumn<CampaignListRow>[] = [
  recordLinkColumn({ id: "name", header: "Name", href: (campaign) => `/admin/campaigns/${campaign.id}`, text: (campaign) => campaign.name }),
  { id: "offer", header: "Offer", cell: (campaign) => campaign.offerTitle ?? "—" },
  { id: "start", header: "Start date", cell: (campaign) => startDateText(campaign.startDate) },
  { id: "promoDays", header: "Promo days", className: "text-right tabular-nums", cell: (campaign) => campaign.promoDurationDays },
  { id: "status", header: "Status", cell: (campaign) => <Badge variant={CAMPAIGN_STATUS_BADGE[campaign.status]}>{campaign.status}</Badge> },
  { id: "leads", header: "Leads", className: "text-right tabular-nums", cell: (campaign) => campaign.leads },
  { id: "clients", header: "Clients", className: "text-right tabular-nums", cell: (campaign) => campaign.clients },
  { id: "revenue", header: "Revenue", className: "text-right tabular-nums", cell: (campaign) => formatCents(campaign.revenueCents) },
];

export default function CampaignsPage() {
  const { campaigns, nextCursor, previousCursor, defaultPromoDays } = useLoaderData<typeof loader>();
  const [editing, setEditing] = React.useState<{ campaign: CampaignFields | null } | null>(null);

  return (
    <ListPage
      title="Marketing Campaigns"
      description="Share a campaign's link and see the leads, clients and revenue it brings."
      links={[{ to: "/admin", label: "Back to Dashboard", icon: ArrowLeft, variant: "ghost" }]}
      createLink={{ onClick: () => setEditing({ campaign: null }), label: "Create Campaign" }}
      table={{
        label: "Campaigns",
        rows: campaigns,
        columns,
        rowHref: (campaign) => `/admin/campaigns/${campaign.id}`,
      }}
      empty={{ none: "No campaigns yet. Create one and share its link." }}
      pager={{ previousCursor, nextCursor }}
      rowMenu={{
        label: (campaign) => `Actions for ${campaign.name}`,
        items: (campaign) => (
          <>
            <RowMenuLink to={`/admin/campaigns/${campaign.id}`}>View Details</RowMenuLink>
            <DropdownMenuItem onSelect={() => setEditing({ campaign })}>Edit</DropdownMenuItem>
          </>
        ),
      }}
      deletion={CAMPAIGN_DELETION}
      dialogs={
        <CampaignDialog
          key={editing?.campaign?.id ?? "new"}
          open={editing !== null}
          campaign={editing?.campaign ?? null}
          onOpenChange={(open) => !open && setEditing(null)}
          action={CAMPAIGNS_URL}
          defaultPromoDays={defaultPromoDays}
        />
      }
    />
  );
}

