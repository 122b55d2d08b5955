import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import Globe from "lucide-react/icons/globe";
import * as React from "react";
import { useLocation, type FetcherWithComponents } from "react-router";
import type { FormResult } from "~/forms/form-result";
import { useFormAction } from "~/forms/use-form-action";
import { ConfirmFooter, ConfirmFrame } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { BookingPageView } from "./booking-page-data";
import { formatClockTime, formatLongDate } from "~/formatting/dates";
import { VisitorZoneSwitch } from "~/document/visitor-zone";
import { TimePicker } from "./time-picker";

/** The booking page's screens: the booked time, the one booking picker (time-picker.tsx), the shell around them. */
export function BookingShell({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10">
      <div className="mx-auto max-w-5xl">{children}</div>
    </main>
  );
}

type ReadyPage = Extract<BookingPageView, { kind: "ready" }>;

type BookingFetcher = FetcherWithComponents<FormResult>;

export function BookingFlow({ page, zone }: { page: ReadyPage; zone: string }) {
  const [changing, setChanging] = React.useState(false);
  // One form action for booking and cancelling: a refusal is toasted ('Failed to book: …'), a
  // success toasts and, as the spec says, reloads the page 2 seconds later into its new state.
  const { fetcher } = useFormAction({ onSuccess: () => window.setTimeout(() => window.location.reload(), 2_000) });
  const showPicker = page.canChange && (!page.booked || changing || page.proposed.length > 0);
  return (
    <BookingShell>
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Book Your Consultation</h1>
        <p className="mt-2 text-muted-foreground">Welcome {page.leadName}! Select a date and time for your consultation.</p>
        <p className="mt-1 inline-flex flex-wrap items-center justify-center gap-1 text-sm text-muted-foreground">
          <Globe className="size-4" aria-hidden="true" /> <VisitorZoneSwitch zone={zone} lead="Times shown in your timezone:" />
        </p>
      </header>
      {page.booked && !changing ? <BookedCard page={page} zone={zone} fetcher={fetcher} onReschedule={() => setChanging(true)} /> : null}
      {showPicker ? (
        <TimePicker
          fetcher={fetcher}
          busy={fetcher.state !== "idle"}
          offer={page}
          zone={zone}
          submitLabel="Confirm Booking"
          busyLabel="Confirming..."
          fields={{ website: "" }}
        />
      ) : null}
      {!page.canChange && !page.booked ? (
        <Card className="mx-auto max-w-md text-center">
          <CardHeader>
            <CardTitle>This booking is closed</CardTitle>
            <CardDescription>Please reply to our e-mail if you would like another time.</CardDescription>
          </CardHeader>
        </Card>
      ) : null}
    </BookingShell>
  );
}

const STATUS_TEXT: Record<string, string> = {
  pending: "Booked — we'll confirm with a meeting link shortly.",
  confirmed: "Confirmed",
  rescheduled: "We proposed new times — please pick one below.",
  completed: "Completed — thank you for talking with us!",
  cancelled: "Cancelled",
};

function BookedCard({ page, zone, fetcher, onReschedule }: { page: ReadyPage; zone: string; fetcher: BookingFetcher; onReschedule: () => void }) {
  const [cancelling, setCancelling] = React.useState(false);
  // The link is the page's own address (the document carries no token: decision 035).
  const calendarHref = `${useLocation().pathname.replace(/\/$/, "")}/calendar`;
  if (!page.booked) return null;
  const start = new Date(page.booked.start);
  const end = new Date(page.booked.end);
  return (
    <Card className="mx-auto mb-8 max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck className="size-5 text-primary" aria-hidden="true" /> Your consultation
        </CardTitle>
        <CardDescription>{STATUS_TEXT[page.status]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-lg font-semibold" data-testid="booked-time">
          {formatLongDate(start, zone)}, {formatClockTime(start, zone)} – {formatClockTime(end, zone)}
        </p>
        {page.meetingLink ? (
          <p>
            Meeting link:{" "}
            <a className="font-medium text-primary underline" href={page.meetingLink} rel="noreferrer" target="_blank">
              {page.meetingLink}
            </a>
          </p>
        ) : null}
        {page.status !== "completed" && page.status !== "cancelled" ? (
          <p>
            <a href={calendarHref} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
              <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
            </a>
          </p>
        ) : null}
        {page.canChange && page.status !== "rescheduled" ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onReschedule}>
              Reschedule
            </Button>
            <ConfirmFrame
              open={cancelling}
              onOpenChange={setCancelling}
              opener={{ label: "Cancel Booking", variant: "destructive", size: "default" }}
              title="Cancel your consultation?"
              description="Your time will be released. This action cannot be undone."
            >
              {/* Closed as it posts; the page reloads into its new state once the cancellation is done. */}
              <fetcher.Form method="post" noValidate onSubmit={() => setCancelling(false)}>
                <input type="hidden" name="intent" value="cancel" />
                <ConfirmFooter type="submit" confirmLabel="Cancel Booking" cancelLabel="Keep Booking" destructive={false} />
              </fetcher.Form>
            </ConfirmFrame>
          </div>
        ) : null}
        {page.booked && !page.canChange && page.status !== "completed" && page.status !== "cancelled" ? (
          <p className="text-sm text-muted-foreground">
            Changes are possible online until {page.cutoffHours} hours before the call; after that, reply to your confirmation e-mail.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
