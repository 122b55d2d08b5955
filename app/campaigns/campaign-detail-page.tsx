import { ArrowLeft, Mail, Pencil } from "lucide-react";
import * as React from "react";
import { data, Link, useLoaderData, useRevalidator } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { config } from "~/config.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";
import { redirectWithToast } from "~/forms/flash.server";
import { formatCents } from "~/formatting/money";
import { StatCard } from "~/ui/stat-card";
import type { Route } from "./+types/campaign-detail-page";
import { CampaignDialog } from "./campaign-dialogs";
import { CampaignLeadsTable, CampaignSendsCard } from "./campaign-detail-panels";
import { campaignIdSchema, campaignSchema, campaignSendSchema } from "./campaign-forms";
import { CAMPAIGN_LEADS_LIMIT, CAMPAIGN_STATUS_BADGE, startDateText } from "./campaign-options";
import { CampaignSendDialog, type SendPreview } from "./campaign-send-dialog";
import { listCampaignSends, listSendableTemplates, previewSegment, startCampaignSend } from "./campaign-sends.server";
import { findCampaign, listCampaignLeads, updateCampaign } from "./campaigns.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded && "campaign" in loaded && loaded.campaign ? loaded.campaign.name : "Campaign"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = campaignIdSchema.safeParse({ campaignId: params.campaignId });
  const campaign = id.success ? await findCampaign(id.data.campaignId) : undefined;
  if (!campaign) return data({ campaign: null }, { status: 404 });
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
  const admin = await requireAdmin(request);
  const actor = admin.actor;
  const campaignIdOf = () => parseForm(campaignIdSchema, { campaignId: params.campaignId }).campaignId;
  const here = `/admin/campaigns/${params.campaignId}`;
  return answerForm(request, {
    "update-campaign": async (form) => {
      await updateCampaign(campaignIdOf(), parseForm(campaignSchema, form), actor);
      return redirectWithToast(here, { type: "success", title: "Campaign updated" });
    },
    "preview-send": async (form): Promise<FormSuccess<SendPreview>> => {
      campaignIdOf();
      return { ok: true, intent: "preview-send", ...(await previewSegment(parseForm(campaignSendSchema, form))) };
    },
    "start-send": async (form) => {
      const send = await startCampaignSend(campaignIdOf(), parseForm(campaignSendSchema, form), actor);
      return redirectWithToast(here, { type: "success", title: "Campaign e-mail queued", description: `${send.recipientCount} lead(s) will receive "${send.templateName}".` });
    },
  });
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

function CampaignNotFound() {
  return (
    <div className="grid justify-items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Campaign not found</h1>
      <p className="text-muted-foreground">It may have been deleted.</p>
      <Link to="/admin/campaigns" className={buttonVariants()}>
        Back to Campaigns
      </Link>
    </div>
  );
}

export default function CampaignDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const [editing, setEditing] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  useProgressRefresh("sends" in loaded && loaded.sends.some((send) => send.status !== "done" || send.queued > 0));
  if (!("link" in loaded) || !loaded.campaign) return <CampaignNotFound />;
  const { campaign, leads, sends, templates, link, timeZone, defaultPromoDays } = loaded;
  const conversionRate = campaign.leads ? Math.round((campaign.clients / campaign.leads) * 100) : 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/admin/campaigns" className={buttonVariants({ variant: "ghost", size: "sm", className: "w-fit" })}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Campaigns
      </Link>
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
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Button>
          <Button onClick={() => setSending(true)}>
            <Mail className="size-4" aria-hidden="true" /> Send campaign e-mail
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Tracked link</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <CopyLink link={link} label="Campaign link" copiedMessage="Campaign link copied to clipboard" />
          <p className="text-sm text-muted-foreground">
            Any page of the site works (add <code>?campaign={campaign.slug}</code>), and so does <code>utm_campaign={campaign.slug}</code>.
            {campaign.status === "active" ? "" : " The link attributes new leads only while the campaign is active."}
          </p>
        </CardContent>
      </Card>

      <section aria-label="Campaign figures" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Leads" value={campaign.leads} />
        <StatCard label="Clients" value={campaign.clients} footer={<span className="text-xs text-muted-foreground">{conversionRate}% converted</span>} />
        <StatCard label="Booked consultations" value={campaign.bookedConsultations} />
        <StatCard label="Revenue (paid invoices)" value={formatCents(campaign.revenueCents)} />
      </section>

      <CampaignSendsCard sends={sends} timeZone={timeZone} />
      <CampaignLeadsTable leads={leads} timeZone={timeZone} limit={CAMPAIGN_LEADS_LIMIT} />

      <CampaignDialog
        open={editing}
        campaign={campaign}
        onOpenChange={setEditing}
        action={`/admin/campaigns/${campaign.id}`}
        defaultPromoDays={defaultPromoDays}
      />
      <CampaignSendDialog open={sending} onOpenChange={setSending} templates={templates} />
    </div>
  );
}
