import { Link } from "react-router";
import { bookingLabel } from "~/leads/lead-display";
import { sourceLabel } from "~/leads/lead-filters";
import { Badge } from "~/ui/badge";
import { TitledCard } from "~/ui/card";
import { DataTable } from "~/lists/data-table";
import { type DataTableColumn } from "~/lists/data-table-columns";
import { recordLinkColumn } from "~/lists/record-link-column";
import { formatDate, formatDateTime } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { CampaignSendProgress } from "./campaign-sends.server";
import type { CampaignLead } from "./campaigns.server";

/** The leads a campaign brought, each with whether it became a client, its booking and its paid revenue. */
export function CampaignLeadsTable({ leads, timeZone, limit }: { leads: CampaignLead[]; timeZone: string; limit: number }) {
  const columns: DataTableColumn<CampaignLead>[] = [
    recordLinkColumn({ id: "name", header: "Name", href: (lead) => `/admin/leads/${lead.id}`, text: (lead) => lead.name }),
    { id: "email", header: "Email", cell: (lead) => lead.email },
    { id: "source", header: "Source", cell: (lead) => sourceLabel(lead.source) },
    { id: "status", header: "Status", cell: (lead) => <Badge variant={lead.status === "converted" ? "default" : "outline"}>{lead.status}</Badge> },
    { id: "booking", header: "Consultation", cell: (lead) => bookingLabel(lead.bookingStatus) },
    {
      id: "client",
      header: "Client",
      cell: (lead) =>
        lead.clientId ? (
          <Link to={`/admin/clients/${lead.clientId}`} className="hover:underline">
            View client
          </Link>
        ) : (
          "—"
        ),
    },
    { id: "revenue", header: "Paid", className: "text-right tabular-nums", cell: (lead) => formatCents(lead.paidCents) },
    { id: "created", header: "Created", cell: (lead) => formatDate(lead.createdAt, timeZone) },
  ];
  return (
    <section aria-labelledby="campaign-leads" className="grid gap-3">
      <h2 id="campaign-leads" className="text-lg font-semibold">
        Leads from this campaign
      </h2>
      <DataTable
        label="Leads from this campaign"
        rows={leads}
        columns={columns}
        emptyMessage="No leads yet. Share the link: visitors who arrive through it and claim the offer or write to you appear here."
      />
      {leads.length >= limit ? <p className="text-sm text-muted-foreground">The latest {limit} leads are shown.</p> : null}
    </section>
  );
}

const SEND_STATUS_TEXT = { queued: "Queued", sending: "Sending", done: "Done" } as const;

/** Each send's progress: how many recipients are queued, sent, suppressed or failed. */
export function CampaignSendsCard({ sends, timeZone }: { sends: CampaignSendProgress[]; timeZone: string }) {
  if (sends.length === 0) return null;
  return (
    <TitledCard title="Campaign e-mails">
      <ul className="grid gap-3">
        {sends.map((send) => (
          <li key={send.id} className="grid gap-1 rounded-md border p-3" aria-label={`Send of ${send.templateName}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{send.templateName}</span>
              <Badge variant={send.status === "done" ? "secondary" : "default"}>{SEND_STATUS_TEXT[send.status]}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              {formatDateTime(send.createdAt, timeZone)} · {send.recipientCount} recipient(s)
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {(
                [
                  ["Queued", send.queued],
                  ["Sent", send.sent],
                  ["Suppressed", send.suppressed],
                  ["Failed", send.failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
