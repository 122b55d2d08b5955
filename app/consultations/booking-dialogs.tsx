import { CalendarClock, Check, CheckCheck, Plus, X } from "lucide-react";
import * as React from "react";
import { useFormAction, useFormDialog } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { refusalFor, type BookingAction } from "./booking-status";
import type { ConsultationBookingStatus } from "./schema";

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
      {allowed("confirm") && booking.selectedStart ? <ConfirmDialog booking={booking} defaultMeetingLink={defaultMeetingLink} /> : null}
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
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <CheckCheck aria-hidden="true" /> Mark Completed
      </Button>
    </fetcher.Form>
  );
}

function CancelBookingDialog({ booking }: { booking: BookingActionsRow }) {
  const [open, setOpen] = React.useState(false);
  const { fetcher, busy } = useFormAction({ intent: "cancel", open, onSuccess: () => setOpen(false) });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost">
          <X aria-hidden="true" /> Cancel
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this booking?</AlertDialogTitle>
          <AlertDialogDescription>
            {booking.lead.name} is told by e-mail, the calendar event is cancelled and the slot opens again. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" preventScrollReset noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Keep</AlertDialogCancel>
            {/* A plain submit button: the dialog stays open until the answer (a refusal keeps it). */}
            <Button type="submit" variant="destructive" disabled={busy}>
              Cancel Booking
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ConfirmDialog({ booking, defaultMeetingLink }: { booking: BookingActionsRow; defaultMeetingLink: string }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "confirm" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Check aria-hidden="true" /> Confirm
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm Consultation</DialogTitle>
          <DialogDescription>{booking.lead.name} receives the meeting link and an updated calendar invitation.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <FormField label="Meeting link" name="meetingLink" id={`meeting-${booking.id}`} error={errors.meetingLink}>
            <Input
              type="text"
              defaultValue={values.meetingLink ?? booking.meetingLink ?? defaultMeetingLink}
              placeholder="https://meet.example.com/..."
              maxLength={500}
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Confirm &amp; Send
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function ProposeDialog({ booking }: { booking: BookingActionsRow }) {
  const { fetcher, busy, errors, open, setOpen } = useFormDialog({ intent: "propose" });
  const [rows, setRows] = React.useState(1);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <CalendarClock aria-hidden="true" /> Propose New Time
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Propose New Time</DialogTitle>
          <DialogDescription>Each time lasts 30 minutes. {booking.lead.name} picks one on their booking page.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="propose" />
          <input type="hidden" name="bookingId" value={booking.id} />
          {Array.from({ length: rows }, (_, index) => (
            <FormField
              key={index}
              label={`Time slot ${index + 1}`}
              name="start"
              id={`propose-${booking.id}-${index}`}
              error={index === 0 ? errors.start : null}
            >
              <Input type="datetime-local" />
            </FormField>
          ))}
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={() => setRows((count) => Math.min(count + 1, 10))}>
              <Plus aria-hidden="true" /> Add another time
            </Button>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Propose &amp; Send
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

