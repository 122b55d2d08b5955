import ArrowLeft from "lucide-react/icons/arrow-left";
import ExternalLink from "lucide-react/icons/external-link";
import { Link } from "react-router";
import { BookingInvitationDialog } from "~/consultations/booking-invitation-dialog";
import { tierLabel, tierName, type TierNames } from "~/organization/tier-names";
import { Badge } from "~/ui/badge";
import { TitledCard } from "~/ui/card";
import { formatDate, formatDateTime, formatDayTimes } from "~/formatting/dates";
import * as React from "react";
import { NewProposalButton } from "~/proposals/client-proposals-card";
import { DeleteClientDialog, EditClientAction, LinkToProjectAction } from "./client-detail-dialogs";
import { nextCallOf } from "./next-call";
import type { ClientDetail } from "./client-detail.server";
import { statusVariant } from "~/clients/client-display";
import { CLIENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "~/clients/client-form";
import { ErasePersonDialog, PersonMoreActions } from "~/leads/erase-person-action";
import { DetailsRow } from "~/ui/details-row";

/** A card of labelled values. */
function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <TitledCard title={title}>
      <dl className="divide-y">{children}</dl>
    </TitledCard>
  );
}

/**
 * The client page's head: name, badges, the everyday actions (Edit Client, Send Booking Link) and a
 * "More" menu for the rare and destructive ones (decision 050).
 */
export function ClientHeader({ detail, tierNames }: { detail: ClientDetail; tierNames: TierNames }) {
  const { client, invoicesOnDeletion } = detail;
  const [erasing, setErasing] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  return (
    <>
      <div>
        <Link to="/admin/clients" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Clients
        </Link>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words">{client.name}</h1>
          <div className="flex flex-wrap gap-2">
            <Badge variant={statusVariant(client.status)}>{CLIENT_STATUS_LABELS[client.status]}</Badge>
            <Badge variant={statusVariant(client.paymentStatus)}>Payment: {PAYMENT_STATUS_LABELS[client.paymentStatus]}</Badge>
            <Badge variant="outline">{tierLabel(client.tier, tierNames)}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <EditClientAction client={client} tierNames={tierNames} />
          <BookingInvitationDialog leadId={client.leadId ?? undefined} clientId={client.id} name={client.name} />
          <NewProposalButton clientId={client.id} />
          <PersonMoreActions name={client.name} onErase={() => setErasing(true)} onDelete={() => setDeleting(true)} />
        </div>
      </div>
      <ErasePersonDialog record="client" id={client.id} name={client.name} open={erasing} onOpenChange={setErasing} />
      <DeleteClientDialog client={client} invoices={invoicesOnDeletion} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}

/** The client's next call, first on their page with their projects and invoices. */
export function NextCallCard({ detail, timeZone }: { detail: ClientDetail; timeZone: string }) {
  const next = nextCallOf(detail.discoveryCalls, detail.consultations, new Date(), timeZone);
  return (
    <section aria-labelledby="next-call-title" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3">
      <div className="grid gap-0.5">
        <h2 id="next-call-title" className="text-sm font-medium text-muted-foreground">
          Next call
        </h2>
        {next ? (
          <p className="font-semibold" data-testid="next-call">
            {formatDateTime(next.start, timeZone)} · {next.title}
          </p>
        ) : (
          <p className="font-semibold">No call booked</p>
        )}
      </div>
      {next?.meetingLink ? (
        <a href={next.meetingLink} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Meeting link <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : null}
    </section>
  );
}

/** The contact, status and consultation cards. */
export function ClientInfoCards({ detail, tierNames, timeZone }: { detail: ClientDetail; tierNames: TierNames; timeZone: string }) {
  const { client, lead, stats } = detail;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-3">
        <InfoCard title="Contact Information">
          <DetailsRow layout="spread" label="Email">
            <a href={`mailto:${client.email}`} className="text-primary hover:underline">
              {client.email}
            </a>
          </DetailsRow>
          <DetailsRow layout="spread" label="Phone">
            {client.phone ? (
              <a href={`tel:${client.phone}`} className="hover:underline">
                {client.phone}
              </a>
            ) : (
              "—"
            )}
          </DetailsRow>
          <DetailsRow layout="spread" label="Business">{client.businessName ?? "—"}</DetailsRow>
          <DetailsRow layout="spread" label="Client since">{formatDate(client.createdAt, timeZone)}</DetailsRow>
          <DetailsRow layout="spread" label="Came from">
            {lead ? (
              <Link to={`/admin/leads?q=${encodeURIComponent(client.email)}`} className="text-primary hover:underline">
                Lead ({lead.source})
              </Link>
            ) : (
              "Added by hand"
            )}
          </DetailsRow>
        </InfoCard>
        <InfoCard title="Status Overview">
          <DetailsRow layout="spread" label="Status">{CLIENT_STATUS_LABELS[client.status]}</DetailsRow>
          <DetailsRow layout="spread" label="Payment">{PAYMENT_STATUS_LABELS[client.paymentStatus]}</DetailsRow>
          <DetailsRow layout="spread" label="Tier">
            {client.tier} – {tierName(client.tier, tierNames)}
          </DetailsRow>
          <DetailsRow layout="spread" label="Project link">
            {client.projectLink ? (
              <a href={client.projectLink} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-primary hover:underline">
                View site <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            ) : (
              "—"
            )}
          </DetailsRow>
        </InfoCard>
        <InfoCard title="Consultation Stats">
          <DetailsRow layout="spread" label="Total consultations">{stats.total}</DetailsRow>
          <DetailsRow layout="spread" label="Completed">{stats.completed}</DetailsRow>
          <DetailsRow layout="spread" label="Upcoming">{stats.upcoming}</DetailsRow>
          <DetailsRow layout="spread" label="Initial consult">{stats.initialConsultCompleted ? "Completed" : "Not yet"}</DetailsRow>
        </InfoCard>
      </div>
    </>
  );
}

/** When the call is: the time the lead chose, else the time its consultation was given when it was linked (spec: 09:00–10:00 that day). */
function callTime(call: ClientDetail["discoveryCalls"][number], consultation: ClientDetail["consultations"][number] | undefined, timeZone: string): string {
  if (call.selectedStart) return formatDateTime(call.selectedStart, timeZone);
  if (consultation?.scheduledDate && consultation.scheduledStartTime && consultation.scheduledEndTime) {
    return formatDayTimes(consultation.scheduledDate, consultation.scheduledStartTime, consultation.scheduledEndTime);
  }
  return "No time chosen yet";
}

/** The discovery calls the client (or the lead they came from) booked, each linkable to one project. */
export function DiscoveryCallsCard({
  clientId,
  discoveryCalls,
  consultations,
  projects,
  timeZone,
}: {
  clientId: string;
  discoveryCalls: ClientDetail["discoveryCalls"];
  consultations: ClientDetail["consultations"];
  projects: ClientDetail["projects"];
  timeZone: string;
}) {
  return (
    <TitledCard title="Discovery Call Bookings">
      {discoveryCalls.length === 0 ? (
        <p className="text-sm text-muted-foreground">No discovery calls booked yet.</p>
      ) : (
        <ul className="divide-y">
          {discoveryCalls.map((call) => {
            const linkedProject = projects.find((project) => project.id === call.projectId);
            return (
              <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="grid gap-1 text-sm">
                  <span className="font-medium">{callTime(call, consultations.find((consultation) => consultation.bookingId === call.id), timeZone)}</span>
                  <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                    <Badge variant={statusVariant(call.status)}>{call.status}</Badge>
                    {call.meetingLink ? (
                      <a href={call.meetingLink} target="_blank" rel="noreferrer noopener" className="text-primary hover:underline">
                        Meeting link
                      </a>
                    ) : null}
                  </span>
                  {call.adminNotes ? <span className="whitespace-pre-line text-muted-foreground">{call.adminNotes}</span> : null}
                </div>
                {call.projectId ? (
                  <span className="text-sm text-muted-foreground">
                    Linked to project{" "}
                    {linkedProject ? (
                      <Link to={`/admin/projects/${linkedProject.id}`} className="text-primary hover:underline">
                        {linkedProject.name ?? linkedProject.projectNumber}
                      </Link>
                    ) : null}
                  </span>
                ) : (
                  <LinkToProjectAction clientId={clientId} bookingId={call.id} projects={projects} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </TitledCard>
  );
}
