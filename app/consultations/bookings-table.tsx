import { Badge } from "~/ui/badge";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { formatDateTime } from "~/formatting/dates";
import { BookingActions, type BookingActionsRow } from "./booking-dialogs";
import { BOOKING_STATUS_LABELS } from "./booking-status";

export type BookingsTableRow = BookingActionsRow & {
  lead: { name: string; email: string };
  proposedSlots: { start: string; end: string }[];
};

/** The columns of /admin/bookings, with each booking's actions. */
export function bookingColumns({ timeZone, defaultMeetingLink }: { timeZone: string; defaultMeetingLink: string }): DataTableColumn<BookingsTableRow>[] {
  return [
    {
      id: "lead",
      header: "Lead",
      cell: (booking) => (
        <>
          <div className="font-medium">{booking.lead.name}</div>
          <div className="text-xs text-muted-foreground">{booking.lead.email}</div>
        </>
      ),
    },
    {
      id: "time",
      header: "Time",
      cell: (booking) => (
        <>
          {booking.selectedStart ? formatDateTime(booking.selectedStart, timeZone) : "Not booked yet"}
          {booking.status === "rescheduled" && booking.proposedSlots.length > 0 ? (
            <div className="text-xs text-muted-foreground">
              Proposed: {booking.proposedSlots.map((slot) => formatDateTime(slot.start, timeZone)).join("; ")}
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (booking) => <Badge variant={booking.status === "confirmed" ? "default" : "secondary"}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>,
    },
    {
      id: "meetingLink",
      header: "Meeting link",
      className: "max-w-48 truncate",
      cell: (booking) =>
        booking.meetingLink ? (
          <a className="underline" href={booking.meetingLink} target="_blank" rel="noreferrer">
            {booking.meetingLink}
          </a>
        ) : (
          "—"
        ),
    },
    { id: "actions", header: "Actions", cell: (booking) => <BookingActions booking={booking} defaultMeetingLink={defaultMeetingLink} /> },
  ];
}
