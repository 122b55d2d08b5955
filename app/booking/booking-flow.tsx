import { format } from "date-fns/format";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Clock from "lucide-react/icons/clock";
import Globe from "lucide-react/icons/globe";
import * as React from "react";
import type { FetcherWithComponents } from "react-router";
import { decodeOfferedDays } from "~/availability/offered-days";
import { groupByVisitorDate } from "~/availability/slot-time";
import type { FormResult } from "~/forms/form-result";
import { useFormAction } from "~/forms/use-form-action";
import { ConfirmFooter, ConfirmFrame } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { Calendar } from "~/ui/calendar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import type { BookingPageView } from "./booking-page-data";
import { dayIn, formatClockTime, formatLongDate } from "~/formatting/dates";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** The booking page's screens: the booked time, the picker of offered and proposed times, the shell around them. */
type Choice = { kind: "slot"; key: string; start: string } | { kind: "proposed"; start: string };

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
        <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Globe className="size-4" aria-hidden="true" /> Times shown in your timezone: <strong>{zone}</strong>
        </p>
      </header>
      {page.booked && !changing ? <BookedCard page={page} zone={zone} fetcher={fetcher} onReschedule={() => setChanging(true)} /> : null}
      {showPicker ? <SlotPicker page={page} zone={zone} fetcher={fetcher} /> : null}
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
        {page.canChange && page.status !== "rescheduled" ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onReschedule}>
              Reschedule
            </Button>
            <ConfirmFrame
              open={cancelling}
              onOpenChange={setCancelling}
              trigger={<Button variant="destructive">Cancel Booking</Button>}
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

function SlotPicker({ page, zone, fetcher }: { page: ReadyPage; zone: string; fetcher: BookingFetcher }) {
  const [date, setDate] = React.useState<Date | undefined>();
  const [choice, setChoice] = React.useState<Choice | null>(null);
  // The offered days and minutes (business zone) as instants, then as the visitor's days.
  const offered = React.useMemo(() => decodeOfferedDays(page.offered, page.timeZone), [page.offered, page.timeZone]);
  const byDate = React.useMemo(() => groupByVisitorDate(offered, zone), [offered, zone]);
  const today = dayIn(new Date(), zone);
  const dateKey = date ? format(date, "yyyy-MM-dd") : null;
  const times = dateKey ? (byDate.get(dateKey) ?? []) : [];
  const firstDate = offered[0] ? new Date(offered[0].start) : new Date();
  const busy = fetcher.state !== "idle";

  return (
    <div className="grid gap-6">
      {page.proposed.length > 0 ? (
        <TitledCard title="Proposed new times" description="We suggest these times. Pick one, or choose another time below." contentClassName="flex flex-wrap gap-2">
          {page.proposed.map((slot) => {
            const start = new Date(slot.start);
            const selected = choice?.kind === "proposed" && choice.start === slot.start;
            return (
              <Button
                key={slot.start}
                variant={selected ? "default" : "outline"}
                aria-pressed={selected}
                onClick={() => setChoice({ kind: "proposed", start: slot.start })}
              >
                {formatLongDate(start, zone)}, {formatClockTime(start, zone)}
              </Button>
            );
          })}
        </TitledCard>
      ) : null}
      {offered.length === 0 && page.proposed.length === 0 ? (
        <Card className="mx-auto max-w-md text-center">
          <CardContent className="py-8">No available time slots at the moment. Please check back later.</CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <TitledCard title="Select a Date" contentClassName="flex justify-center">
            <Calendar
              mode="single"
              selected={date}
              defaultMonth={firstDate}
              onSelect={(next) => {
                setDate(next);
                // Spec: changing the date clears the chosen time.
                setChoice((current) => (current?.kind === "slot" ? null : current));
              }}
              disabled={(day) => {
                const key = format(day, "yyyy-MM-dd");
                return key < today || !byDate.has(key);
              }}
            />
          </TitledCard>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5" aria-hidden="true" />
                {date ? `Available Times for ${format(date, "EEEE, MMMM d")}` : "Select a date to see times"}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {!date ? (
                <p className="text-muted-foreground">Please select a date from the calendar.</p>
              ) : times.length === 0 ? (
                <p className="text-muted-foreground">No available times for this date.</p>
              ) : (
                <div className="grid max-h-[400px] grid-cols-2 gap-2 overflow-y-auto pr-1" role="group" aria-label="Available times">
                  {times.map((slot) => {
                    const selected = choice?.kind === "slot" && choice.key === slot.key;
                    return (
                      <Button
                        key={slot.key}
                        variant={selected ? "default" : "outline"}
                        aria-pressed={selected}
                        onClick={() => setChoice({ kind: "slot", key: slot.key, start: slot.start })}
                      >
                        {formatClockTime(new Date(slot.start), zone)}
                      </Button>
                    );
                  })}
                </div>
              )}
            </CardContent>
          </Card>
        </div>
      )}
      {choice ? (
        <Card className="mx-auto w-full max-w-xl">
          <fetcher.Form method="post" noValidate>
            <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
              <p>
                <span className="text-muted-foreground">Your consultation: </span>
                <strong data-testid="booking-summary">
                  {formatLongDate(new Date(choice.start), zone)} at {formatClockTime(new Date(choice.start), zone)}
                </strong>
              </p>
              <HiddenInputs fields={{ intent: "book", timeZone: zone }} />
              {choice.kind === "slot" ? (
                <input type="hidden" name="slot" value={choice.key} />
              ) : (
                <input type="hidden" name="proposedStart" value={choice.start} />
              )}
              <input type="text" name="website" tabIndex={-1} autoComplete="off" className="hidden" aria-hidden="true" />
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? "Confirming..." : "Confirm Booking"}
              </Button>
            </CardContent>
          </fetcher.Form>
        </Card>
      ) : null}
    </div>
  );
}
