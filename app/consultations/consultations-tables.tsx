import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { formatDate, formatDateTime, formatDay } from "~/formatting/dates";
import { BOOKING_STATUS_LABELS } from "./booking-status";
import { ConsultationActions, InvitationActions, type EditableConsultation } from "./consultation-dialogs";
import type { ConsultationBookingStatus } from "./schema";

export type ConsultationRow = EditableConsultation & {
  consultType: string;
  client: { id: string; name: string; email: string };
  project: { name: string | null; projectNumber: string | null } | null;
};

/** The Scheduled Consultations tab's columns; Edit and Delete open the page's dialogs. */
export function consultationColumns(actions: { onEdit: (row: ConsultationRow) => void; onDelete: (row: ConsultationRow) => void }): DataTableColumn<ConsultationRow>[] {
  return [
    {
      id: "client",
      header: "Client",
      cell: (consultation) => (
        <>
          <Link className="font-medium underline-offset-4 hover:underline" to={`/admin/clients/${consultation.client.id}`}>
            {consultation.client.name}
          </Link>
          <div className="text-xs text-muted-foreground">{consultation.client.email}</div>
        </>
      ),
    },
    { id: "type", header: "Type", cell: (consultation) => consultation.consultType },
    { id: "date", header: "Date", sortable: true, cell: (consultation) => (consultation.scheduledDate ? formatDay(consultation.scheduledDate) : "—") },
    {
      id: "time",
      header: "Time",
      cell: (consultation) =>
        consultation.scheduledStartTime ? `${consultation.scheduledStartTime.slice(0, 5)}–${consultation.scheduledEndTime?.slice(0, 5) ?? ""}` : "—",
    },
    { id: "project", header: "Project", cell: (consultation) => (consultation.project ? (consultation.project.name ?? consultation.project.projectNumber) : "—") },
    { id: "status", header: "Status", cell: (consultation) => <Badge variant="secondary">{consultation.status}</Badge> },
    {
      id: "actions",
      header: "Actions",
      cell: (consultation) => (
        <ConsultationActions name={consultation.client.name} onEdit={() => actions.onEdit(consultation)} onDelete={() => actions.onDelete(consultation)} />
      ),
    },
  ];
}

export type InvitationRow = {
  id: string;
  status: ConsultationBookingStatus;
  token: string;
  createdAt: Date;
  selectedStart: Date | null;
  lead: { name: string; email: string };
};

/** The Booking Invitations tab's columns; Delete opens the page's confirmation. */
export function invitationColumns({
  origin,
  timeZone,
  onDelete,
}: {
  origin: string;
  timeZone: string;
  onDelete: (row: InvitationRow) => void;
}): DataTableColumn<InvitationRow>[] {
  return [
    {
      id: "lead",
      header: "Lead",
      cell: (invitation) => (
        <>
          <Link className="font-medium underline-offset-4 hover:underline" to={`/admin/leads?q=${encodeURIComponent(invitation.lead.email)}`}>
            {invitation.lead.name}
          </Link>
          <div className="text-xs text-muted-foreground">{invitation.lead.email}</div>
        </>
      ),
    },
    { id: "status", header: "Status", cell: (invitation) => <Badge variant="secondary">{BOOKING_STATUS_LABELS[invitation.status]}</Badge> },
    {
      id: "booked",
      header: "Booked time",
      cell: (invitation) => (invitation.selectedStart ? formatDateTime(invitation.selectedStart, timeZone) : "Not booked yet"),
    },
    { id: "sent", header: "Sent", cell: (invitation) => formatDate(invitation.createdAt, timeZone) },
    {
      id: "actions",
      header: "Actions",
      cell: (invitation) => <InvitationActions invitation={invitation} link={`${origin}/booking/${invitation.token}`} onDelete={() => onDelete(invitation)} />,
    },
  ];
}
