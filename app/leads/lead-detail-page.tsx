import Mail from "lucide-react/icons/mail";
import Pencil from "lucide-react/icons/pencil";
import * as React from "react";
import { Link, useLoaderData, useLocation } from "react-router";
import { requireListedRecord } from "~/forms/record-page.server";
import { LeadActions, LeadActionsFeedback } from "./offered-lead-actions";
import { listAuditEntries } from "~/audit/audit-log.server";
import { requireAdmin } from "~/auth/guard.server";
import { ErasePersonDialog, PersonMoreActions } from "./erase-person-action";
import { getOrganizationSettings } from "~/organization/settings.server";
import { DeleteRowsDialog } from "~/lists/row-deletion";
import { Badge } from "~/ui/badge";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDate, formatDateTime } from "~/formatting/dates";
import type { Route } from "./+types/lead-detail-page";
import { handleLeadAction } from "./lead-actions.server";
import { EditPromoDialog, LEAD_DELETION, LeadStatusSelect, useResendPromo } from "./lead-dialogs";
import { bookingLabel, DaysLeft, PromoStatusBadge, tierLabel } from "./lead-display";
import { BUSINESS_TYPES, INDUSTRIES } from "./lead-options";
import { LeadTimelineCard } from "./lead-timeline-card";
import { listLeadTimeline } from "./lead-timeline.server";
import { findLead, leadsWithSameEmail } from "./leads.server";
import { promoStateAt } from "./promo-state";
import { DetailsRow } from "~/ui/details-row";
import { choiceLabel } from "~/formatting/choices";

const LEADS_LIST = { href: "/admin/leads", label: "Back to Leads" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.lead.name ?? "Lead"} | Leads | Admin` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const lead = await requireListedRecord(await findLead(params.leadId), { request, context }, "Lead not found", LEADS_LIST);
  const [timeline, audit, sameEmail, settings] = await Promise.all([
    listLeadTimeline(lead.id),
    listAuditEntries({ entityType: "lead", entityId: lead.id, limit: 200 }),
    leadsWithSameEmail(lead),
    getOrganizationSettings(),
  ]);
  return { lead, timeline, audit, sameEmail, timeZone: settings.timezone, now: new Date().toISOString() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleLeadAction(request, actor, params.leadId);
}

export default function LeadDetailPage() {
  const { lead, timeline, audit, sameEmail, timeZone, now: nowIso } = useLoaderData<typeof loader>();
  const now = React.useMemo(() => new Date(nowIso), [nowIso]);
  const location = useLocation();
  const returnTo = location.pathname;
  const [editingPromo, setEditingPromo] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  const [erasing, setErasing] = React.useState(false);
  const resendPromo = useResendPromo();
  const promoState = promoStateAt(lead, now);

  return (
    <div className="grid gap-6">
      <div>
        <BackLink to="/admin/leads">Back to Leads</BackLink>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{lead.name}</h1>
          <p className="text-muted-foreground">
            {lead.email} · added {formatDateTime(lead.createdAt, timeZone)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LeadStatusSelect lead={lead} returnTo={returnTo} id="lead-status" />
          <LeadActions lead={lead} placement="detail" returnTo={returnTo} />
          <PersonMoreActions name={lead.name} onErase={() => setErasing(true)} onDelete={() => setDeleting(true)} />
        </div>
      </div>
      <ErasePersonDialog record="lead" id={lead.id} name={lead.name} open={erasing} onOpenChange={setErasing} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="grid content-start gap-6">
          <TitledCard title="Details">
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailsRow layout="stacked" label="Name">{lead.name}</DetailsRow>
              <DetailsRow layout="stacked" label="Email">
                <a className="hover:underline" href={`mailto:${lead.email}`}>
                  {lead.email}
                </a>
              </DetailsRow>
              <DetailsRow layout="stacked" label="Phone">{lead.phone ?? "—"}</DetailsRow>
              <DetailsRow layout="stacked" label="Business type">{choiceLabel(BUSINESS_TYPES, lead.businessType) ?? "—"}</DetailsRow>
              <DetailsRow layout="stacked" label="Industry">{choiceLabel(INDUSTRIES, lead.industry) ?? "—"}</DetailsRow>
              <DetailsRow layout="stacked" label="Tier">{tierLabel(lead.tier)}</DetailsRow>
              <DetailsRow layout="stacked" label="Source">{lead.source}</DetailsRow>
              <DetailsRow layout="stacked" label="Status">{lead.status}</DetailsRow>
              <DetailsRow layout="stacked" label="Booking">{bookingLabel(lead.bookingStatus)}</DetailsRow>
              <DetailsRow layout="stacked" label="Tags">
                {lead.tags.length > 0 ? (
                  <span className="flex flex-wrap gap-1">
                    {lead.tags.map((tag) => (
                      <Badge key={tag} variant="secondary">
                        {tag}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  "—"
                )}
              </DetailsRow>
              <DetailsRow layout="stacked" label="Created">{formatDateTime(lead.createdAt, timeZone)}</DetailsRow>
              <DetailsRow layout="stacked" label="Updated">{formatDateTime(lead.updatedAt, timeZone)}</DetailsRow>
            </dl>
            <div className="mt-4 grid gap-0.5">
              <p className="text-xs font-medium text-muted-foreground">Message</p>
              <p className="text-sm whitespace-pre-wrap">{lead.message ?? "—"}</p>
            </div>
          </TitledCard>

          <TitledCard title="Promo" contentClassName="grid gap-4">
            {lead.promoCode ? (
              <>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <DetailsRow layout="stacked" label="Promo code">
                    <span className="font-mono">{lead.promoCode}</span>
                  </DetailsRow>
                  <DetailsRow layout="stacked" label="Promo status">
                    <PromoStatusBadge promo={lead} now={now} />
                  </DetailsRow>
                  <DetailsRow layout="stacked" label="Expires">{lead.promoExpiresAt ? formatDateTime(lead.promoExpiresAt, timeZone) : "—"}</DetailsRow>
                  <DetailsRow layout="stacked" label="Days left">
                    <DaysLeft promo={lead} now={now} />
                  </DetailsRow>
                  <DetailsRow layout="stacked" label="Promo e-mail last sent">{lead.promoEmailSentAt ? formatDateTime(lead.promoEmailSentAt, timeZone) : "—"}</DetailsRow>
                </dl>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setEditingPromo(true)} icon={Pencil}>
                    Edit Promo
                  </Button>
                  <Button variant="outline" onClick={() => resendPromo(lead.id, returnTo)} icon={Mail}>
                    Resend promo email
                  </Button>
                </div>
                {promoState !== "active" ? (
                  <p className="text-sm text-muted-foreground">
                    {promoState === "expired"
                      ? "The code has expired: extend it to send it again."
                      : promoState === "disabled"
                        ? "The code is disabled: enable it to send it again."
                        : "The code has been used on an invoice."}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">This lead has no promo code.</p>
            )}
          </TitledCard>

          <TitledCard title="Other leads with this email">
            {sameEmail.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-2">
                {sameEmail.map((other) => (
                  <li key={other.id} className="flex justify-between gap-2 text-sm">
                    <Link className="font-medium hover:underline" to={`/admin/leads/${other.id}`}>
                      {other.name}
                    </Link>
                    <span className="text-muted-foreground">
                      {other.source} · {other.status} · {formatDate(other.createdAt, timeZone)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
        </div>

        <LeadTimelineCard timeline={timeline} audit={audit} timeZone={timeZone} />
      </div>

      <EditPromoDialog
        lead={editingPromo ? lead : null}
        onOpenChange={setEditingPromo}
        returnTo={returnTo}
        timeZone={timeZone}
        now={now}
      />
      <DeleteRowsDialog rowIds={deleting ? [lead.id] : null} deletion={LEAD_DELETION} onOpenChange={setDeleting} />
      <LeadActionsFeedback />
    </div>
  );
}
