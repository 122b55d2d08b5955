import CalendarClock from "lucide-react/icons/calendar-clock";
import Check from "lucide-react/icons/check";
import CheckCheck from "lucide-react/icons/check-check";
import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import * as React from "react";
import { ConfirmDialog, FormDialog, type FormDialogState } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { refusalFor, type BookingAction } from "./booking-status";
import type { ConsultationBookingStatus } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** What the row actions of /admin/bookings need of a booking. */
export type BookingActionsRow = {
  id: string;
  status: ConsultationBookingStatus;
  lead: { name: string };
  selectedStart: Date | string | null;
  meetingLink: string | null;
};

/** The actions the booking's status allows (the same rule the services enforce). */
export function BookingActions({ booking, defaultMeetingLink }: { booking: BookingActionsRow; defaultMeetingLink: string }) {
  const allowed = (action: BookingAction) => refusalFor(action, booking.status) === null;
  return (
    <div className="flex flex-wrap gap-1">
      {allowed("confirm") && booking.selectedStart ? <ConfirmBookingDialog booking={booking} defaultMeetingLink={defaultMeetingLink} /> : null}
      {allowed("propose") ? <ProposeDialog booking={booking} /> : null}
      {allowed("complete") ? <CompleteButton booking={booking} /> : null}
      {allowed("cancel") ? <CancelBookingDialog booking={booking} /> : null}
    </div>
  );
}

function CompleteButton({ booking }: { booking: BookingActionsRow }) {
  const { fetcher, busy } = useFormAction({ intent: "complete" });
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <HiddenInputs fields={{ intent: "complete", bookingId: booking.id }} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} icon={CheckCheck}>
        Mark Completed
      </Button>
    </fetcher.Form>
  );
}

function CancelBookingDialog({ booking }: { booking: BookingActionsRow }) {
  return (
    <ConfirmDialog
      opener={{ label: "Cancel", icon: X, variant: "ghost" }}
      title="Cancel this booking?"
      description={`${booking.lead.name} is told by e-mail, the calendar event is cancelled and the slot opens again. This action cannot be undone.`}
      intent="cancel"
      fields={{ bookingId: booking.id }}
      cancelLabel="Keep"
      confirmLabel="Cancel Booking"
    />
  );
}

/** Confirm: the meeting link (Settings' default filled in), posted to the page's own action (intent `confirm`). */
export function ConfirmBookingDialog({ booking, defaultMeetingLink }: { booking: BookingActionsRow; defaultMeetingLink: string }) {
  return (
    <FormDialog
      opener={{ label: "Confirm", icon: Check }}
      title="Confirm Consultation"
      description={`${booking.lead.name} receives the meeting link and an updated calendar invitation.`}
      intent="confirm"
      fields={{ bookingId: booking.id }}
      submitLabel="Confirm & Send"
    >
      {({ errors, values }) => (
        <FormField label="Meeting link" name="meetingLink" id={`meeting-${booking.id}`} error={errors.meetingLink}>
          <Input
            type="text"
            defaultValue={values.meetingLink ?? booking.meetingLink ?? defaultMeetingLink}
            placeholder="https://meet.example.com/..."
            maxLength={500}
          />
        </FormField>
      )}
    </FormDialog>
  );
}

/** Up to ten times; mounted with the dialog's content, so each opening starts with one row. */
function ProposedTimes({ bookingId, form }: { bookingId: string; form: FormDialogState }) {
  const [rows, setRows] = React.useState(1);
  return (
    <>
      {Array.from({ length: rows }, (_, index) => (
        <FormField key={index} label={`Time slot ${index + 1}`} name="start" id={`propose-${bookingId}-${index}`} error={index === 0 ? form.errors.start : null}>
          <Input type="datetime-local" />
        </FormField>
      ))}
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={() => setRows((count) => Math.min(count + 1, 10))} icon={Plus}>
          Add another time
        </Button>
      </div>
    </>
  );
}

function ProposeDialog({ booking }: { booking: BookingActionsRow }) {
  return (
    <FormDialog
      opener={{ label: "Propose New Time", icon: CalendarClock, variant: "outline" }}
      title="Propose New Time"
      description={`Each time lasts 30 minutes. ${booking.lead.name} picks one on their booking page.`}
      intent="propose"
      fields={{ bookingId: booking.id }}
      submitLabel="Propose & Send"
    >
      {(form) => <ProposedTimes bookingId={booking.id} form={form} />}
    </FormDialog>
  );
}
