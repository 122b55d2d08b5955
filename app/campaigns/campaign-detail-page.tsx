import Mail from "lucide-react/icons/mail";
import Pencil from "lucide-react/icons/pencil";
import * as React from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { config } from "~/config.server";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { formatCents } from "~/formatting/money";
import { requireListedRecordById } from "~/forms/record-page.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";
import { StatCards } from "~/ui/stat-card";
import type { Route } from "./+types/campaign-detail-page";
import { CampaignDialog } from "./campaign-dialogs";
import { CampaignLeadsTable, CampaignSendsCard } from "./campaign-detail-panels";
import { campaignSendSchema } from "./campaign-forms";
import { campaignIdSchema, campaignSchema } from "~/attribution/campaign-record-form";
import { CAMPAIGN_LEADS_LIMIT, CAMPAIGN_STATUS_BADGE, startDateText } from "~/attribution/campaign-options";
import { CampaignSendDialog, type SendPreview } from "./campaign-send-dialog";
import { listCampaignSends, listSendableTemplates, previewSegment, startCampaignSend } from "./campaign-sends.server";
import { findCampaign, listCampaignLeads } from "./campaigns.server";
import { updateCampaign } from "~/attribution/campaign-records.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.campaign.name ?? "Campaign"} | Admin` }];

const CAMPAIGNS_LIST = { href: "/admin/campaigns", label: "Back to Campaigns" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const campaign = await requireListedRecordById(params.campaignId, findCampaign, { request, context }, "Campaign not found", CAMPAIGNS_LIST);
  const [leads, sends, templates, settings] = await Promise.all([
    listCampaignLeads(campaign.id),
    listCampaignSends(campaign.id),
    listSendableTemplates(),
    getOrganizationSettings(),
  ]);
  const link = `${config().publicUrl}/?campaign=${campaign.slug}`;
  return { campaign, leads, sends, templates, link, timeZone: settings.timezone, defaultPromoDays: settings.promoDurationDays };
}

export async function action({ request, params }: Route.ActionArgs) {
  const campaignIdOf = () => parseForm(campaignIdSchema, { campaignId: params.campaignId }).campaignId;
  const here = `/admin/campaigns/${params.campaignId}`;
  return answerAdminForm(request, ({ actor }) => ({
    "update-campaign": async (form) => {
      await updateCampaign(actor, campaignIdOf(), parseForm(campaignSchema, form));
      return redirectWithToast(here, { type: "success", title: "Campaign updated" });
    },
    "preview-send": async (form): Promise<FormSuccess<SendPreview>> => {
      campaignIdOf();
      return { ok: true, intent: "preview-send", ...(await previewSegment(parseForm(campaignSendSchema, form))) };
    },
    "start-send": async (form) => {
      const send = await startCampaignSend(actor, campaignIdOf(), parseForm(campaignSendSchema, form));
      return redirectWithToast(here, { type: "success", title: "Campaign e-mail queued", description: `${send.recipientCount} lead(s) will receive "${send.templateName}".` });
    },
  }));
}

/** While a send is under way, the page reads its progress again every few seconds. */
function useProgressRefresh(active: boolean) {
  const revalidator = useRevalidator();
  React.useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 5_000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function CampaignDetailPage() {
  const { campaign, leads, sends, templates, link, timeZone, defaultPromoDays } = useLoaderData<typeof loader>();
  const [editing, setEditing] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  useProgressRefresh(sends.some((send) => send.status !== "done" || send.queued > 0));
  const conversionRate = campaign.leads ? Math.round((campaign.clients / campaign.leads) * 100) : 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/admin/campaigns" className="w-fit">Back to Campaigns</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
            {campaign.name} <Badge variant={CAMPAIGN_STATUS_BADGE[campaign.status]}>{campaign.status}</Badge>
          </h1>
          <p className="text-muted-foreground">
            {campaign.offerTitle ?? "No offer title"} · starts {startDateText(campaign.startDate)} · promo codes last {campaign.promoDurationDays} day(s)
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)} icon={Pencil}>
            Edit
          </Button>
          <Button onClick={() => setSending(true)} icon={Mail}>
            Send campaign e-mail
          </Button>
        </div>
      </div>

      <TitledCard title="Tracked link" contentClassName="grid gap-2">
        <CopyLink link={link} label="Campaign link" copiedMessage="Campaign link copied to clipboard" />
        <p className="text-sm text-muted-foreground">
          Any page of the site works (add <code>?campaign={campaign.slug}</code>), and so does <code>utm_campaign={campaign.slug}</code>.
          {campaign.status === "active" ? "" : " The link attributes new leads only while the campaign is active."}
        </p>
      </TitledCard>

      <StatCards
        label="Campaign figures"
        figures={[
          { label: "Leads", value: campaign.leads },
          { label: "Clients", value: campaign.clients, footer: <span className="text-xs text-muted-foreground">{conversionRate}% converted</span> },
          { label: "Booked consultations", value: campaign.bookedConsultations },
          { label: "Revenue (paid invoices)", value: formatCents(campaign.revenueCents) },
        ]}
      />

      <CampaignSendsCard sends={sends} timeZone={timeZone} />
      <CampaignLeadsTable leads={leads} timeZone={timeZone} limit={CAMPAIGN_LEADS_LIMIT} />

      <CampaignDialog
        open={editing}
        campaign={campaign}
        onOpenChange={setEditing}
        action={`/admin/campaigns/${campaign.id}`}
        defaultPromoDays={defaultPromoDays}
      />
      <CampaignSendDialog open={sending} onOpenChange={setSending} action={`/admin/campaigns/${campaign.id}`} templates={templates} />
    </div>
  );
}
