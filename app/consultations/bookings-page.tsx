import { CalendarClock, Check, CheckCheck, Plus, X } from "lucide-react";
import * as React from "react";
import { Form, useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { localToInstant } from "~/availability/slot-time";
import { getOrganizationSettings } from "~/settings/settings.server";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/date-format";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { redirectWithToast } from "~/ui/flash.server";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { Route } from "./+types/bookings-page";
import { BOOKING_STATUS_LABELS, refusalFor } from "./booking-status";
import { BookingError, cancelBooking, completeBooking, confirmBooking, listBookings, proposeNewTimes } from "./bookings.server";
import { CONSULTATION_BOOKING_STATUSES, type ConsultationBookingStatus } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Consultation Bookings | Admin" }];

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const settings = await getOrganizationSettings();
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status = (CONSULTATION_BOOKING_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ConsultationBookingStatus) : "all";
  const from = isDate(url.searchParams.get("from"));
  const to = isDate(url.searchParams.get("to"));
  const bookings = await listBookings({ status, from, to }, settings.timezone);
  return {
    bookings: bookings.map((booking) => ({
      id: booking.id,
      status: booking.status,
      lead: booking.lead,
      selectedStart: booking.selectedStart,
      meetingLink: booking.meetingLink,
      proposedSlots: booking.proposedSlots,
    })),
    filters: { status, from: from ?? "", to: to ?? "" },
    timeZone: settings.timezone,
    defaultMeetingLink: settings.defaultMeetingLink ?? "",
  };
}

const FAILURE_TITLES: Record<string, string> = {
  confirm: "Failed to confirm booking",
  propose: "Failed to propose new time",
  complete: "Failed to update status",
  cancel: "Failed to update status",
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const intent = String(form.get("intent") ?? "");
  const bookingId = String(form.get("bookingId") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) return redirectWithToast(here, { type: "error", title: "This booking no longer exists." });
  try {
    switch (intent) {
      case "confirm":
        await confirmBooking(bookingId, String(form.get("meetingLink") ?? ""));
        return redirectWithToast(here, { type: "success", title: "Consultation confirmed and email sent!" });
      case "propose": {
        const { timezone } = await getOrganizationSettings();
        const starts = form
          .getAll("start")
          .filter((value): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
          .slice(0, 10)
          .map((value) => localToInstant(value.slice(0, 10), value.slice(11, 16), timezone))
          .filter((instant): instant is Date => instant !== null);
        await proposeNewTimes(bookingId, starts);
        return redirectWithToast(here, { type: "success", title: "New times proposed and email sent!" });
      }
      case "complete":
        await completeBooking(bookingId);
        return redirectWithToast(here, { type: "success", title: "Marked as completed" });
      case "cancel":
        await cancelBooking(bookingId);
        return redirectWithToast(here, { type: "success", title: "Booking cancelled" });
      default:
        return redirectWithToast(here, { type: "error", title: "Unknown action." });
    }
  } catch (error) {
    if (error instanceof BookingError) {
      return redirectWithToast(here, { type: "error", title: FAILURE_TITLES[intent] ?? "Error", description: error.message });
    }
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type BookingRow = LoaderData["bookings"][number];

export default function BookingsPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Consultation Bookings</h1>
        <p className="text-muted-foreground">Every booking, with times in {data.timeZone}.</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect id="filter-status" name="status" defaultValue={data.filters.status} wrapperClassName="w-44">
            <NativeSelectOption value="all">All statuses</NativeSelectOption>
            {CONSULTATION_BOOKING_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {BOOKING_STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="filter-from">From</Label>
          <Input id="filter-from" name="from" type="date" defaultValue={data.filters.from} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="filter-to">To</Label>
          <Input id="filter-to" name="to" type="date" defaultValue={data.filters.to} />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <div className="rounded-lg border bg-background" aria-busy={navigation.state === "loading"}>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Lead</TableHead>
              <TableHead>Time</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Meeting link</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.bookings.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                  No bookings match these filters.
                </TableCell>
              </TableRow>
            ) : (
              data.bookings.map((booking) => (
                <TableRow key={booking.id} data-testid="booking-row">
                  <TableCell>
                    <div className="font-medium">{booking.lead.name}</div>
                    <div className="text-xs text-muted-foreground">{booking.lead.email}</div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {booking.selectedStart ? formatDateTime(booking.selectedStart, data.timeZone) : "Not booked yet"}
                    {booking.status === "rescheduled" && booking.proposedSlots.length > 0 ? (
                      <div className="text-xs text-muted-foreground">
                        Proposed: {booking.proposedSlots.map((slot) => formatDateTime(slot.start, data.timeZone)).join("; ")}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Badge variant={booking.status === "confirmed" ? "default" : "secondary"}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
                  </TableCell>
                  <TableCell className="max-w-48 truncate">
                    {booking.meetingLink ? (
                      <a className="underline" href={booking.meetingLink} target="_blank" rel="noreferrer">
                        {booking.meetingLink}
                      </a>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell>
                    <BookingActions booking={booking} defaultMeetingLink={data.defaultMeetingLink} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function BookingActions({ booking, defaultMeetingLink }: { booking: BookingRow; defaultMeetingLink: string }) {
  const allowed = (action: "confirm" | "propose" | "complete" | "cancel") => refusalFor(action, booking.status) === null;
  return (
    <div className="flex flex-wrap gap-1">
      {allowed("confirm") && booking.selectedStart ? <ConfirmDialog booking={booking} defaultMeetingLink={defaultMeetingLink} /> : null}
      {allowed("propose") ? <ProposeDialog booking={booking} /> : null}
      {allowed("complete") ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <Button type="submit" size="sm" variant="outline">
            <CheckCheck aria-hidden="true" /> Mark Completed
          </Button>
        </Form>
      ) : null}
      {allowed("cancel") ? (
        <AlertDialog>
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
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="bookingId" value={booking.id} />
              <AlertDialogFooter>
                <AlertDialogCancel type="button">Keep</AlertDialogCancel>
                <AlertDialogAction type="submit">Cancel Booking</AlertDialogAction>
              </AlertDialogFooter>
            </Form>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </div>
  );
}

function ConfirmDialog({ booking, defaultMeetingLink }: { booking: BookingRow; defaultMeetingLink: string }) {
  const [open, setOpen] = React.useState(false);
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
        <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <div className="grid gap-2">
            <Label htmlFor={`meeting-${booking.id}`}>Meeting link</Label>
            <Input id={`meeting-${booking.id}`} name="meetingLink" type="text" defaultValue={booking.meetingLink ?? defaultMeetingLink} placeholder="https://meet.example.com/..." />
          </div>
          <DialogFooter>
            <Button type="submit">Confirm &amp; Send</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function ProposeDialog({ booking }: { booking: BookingRow }) {
  const [open, setOpen] = React.useState(false);
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
        <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="propose" />
          <input type="hidden" name="bookingId" value={booking.id} />
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="grid gap-2">
              <Label htmlFor={`propose-${booking.id}-${index}`}>Time slot {index + 1}</Label>
              <Input id={`propose-${booking.id}-${index}`} name="start" type="datetime-local" />
            </div>
          ))}
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={() => setRows((count) => Math.min(count + 1, 10))}>
              <Plus aria-hidden="true" /> Add another time
            </Button>
          </div>
          <DialogFooter>
            <Button type="submit">Propose &amp; Send</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
