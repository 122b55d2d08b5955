import { format } from "date-fns";
import { CalendarCheck, Clock, Globe } from "lucide-react";
import * as React from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { dateInZone, groupByVisitorDate, longDateInZone, timeInZone } from "~/availability/slot-time";
import { BookingError } from "~/consultations/bookings.server";
import { Button, buttonVariants } from "~/ui/button";
import { Calendar } from "~/ui/calendar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
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
import { toast } from "~/ui/toaster";
import type { Route } from "./+types/booking-page";
import { bookingPageCache, currentBookingPage } from "./booking-page-cache.server";
import { bookSlot, cancelByVisitor, INVALID_LINK, type BookingPageData } from "./booking.server";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { refuseBookingAction } from "./booking-rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Book Your Consultation" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  const page = await currentBookingPage(params.token);
  // A link must never be cached by a shared proxy: it is a capability.
  const headers = { "Cache-Control": "private, no-store" };
  return data(page, { status: page.kind === "error" ? 404 : 200, headers });
}

// The document carries the loader's headers (without this export React Router sends none of them).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export type BookingActionResult = { ok: true; intent: "book" | "cancel" } | { ok: false; error: string };

export async function action({ request, params, context }: Route.ActionArgs): Promise<BookingActionResult> {
  const token = params.token;
  if (!token) return { ok: false, error: INVALID_LINK };
  const refusal = await refuseBookingAction(clientAddressOf(context), token);
  if (refusal) return { ok: false, error: refusal };
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.length <= 200 ? value : undefined;
  };
  // Honeypot: a field people never see; bots fill it.
  if (field("website")) return { ok: false, error: "Booking failed" };
  try {
    const intent = field("intent") === "cancel" ? "cancel" : "book";
    if (intent === "cancel") await cancelByVisitor(token);
    else await bookSlot({ token, slotId: field("slotId"), proposedStart: field("proposedStart"), visitorTimeZone: field("timeZone") });
    // The page revalidates right after this answer: make sure this process has heard of the change
    // (it has on the embedded database; on a server database the notification comes a moment later).
    await bookingPageCache().caughtUp();
    return { ok: true, intent };
  } catch (error) {
    if (error instanceof BookingError) return { ok: false, error: error.message };
    throw error;
  }
}

type Choice = { kind: "slot"; id: string; start: string } | { kind: "proposed"; start: string };

/** The browser's zone; known only after hydration, so the page renders its loading state first. */
const noSubscription = () => () => undefined;
function useVisitorTimeZone(): string | null {
  return React.useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

export default function BookingPage() {
  const page = useLoaderData<typeof loader>();
  const zone = useVisitorTimeZone();

  if (page.kind === "error") {
    return (
      <BookingShell>
        <Card className="mx-auto max-w-md text-center">
          <CardHeader>
            <CardTitle>Unable to load booking</CardTitle>
            <CardDescription role="alert">{page.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <a href="/" className={buttonVariants({ variant: "outline" })}>Return to Home</a>
          </CardContent>
        </Card>
      </BookingShell>
    );
  }
  if (!zone) {
    return (
      <BookingShell>
        <p className="text-center text-muted-foreground" role="status">
          Loading...
        </p>
      </BookingShell>
    );
  }
  return <BookingFlow page={page} zone={zone} />;
}

function BookingShell({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10">
      <div className="mx-auto max-w-5xl">{children}</div>
    </main>
  );
}

type ReadyPage = Extract<BookingPageData, { kind: "ready" }>;

/** One fetcher for booking and cancelling, shared by key: its result outlives the form that sent it. */
const BOOKING_FETCHER = "booking-action";

function BookingFlow({ page, zone }: { page: ReadyPage; zone: string }) {
  const [changing, setChanging] = React.useState(false);
  const fetcher = useFetcher<BookingActionResult>({ key: BOOKING_FETCHER });
  useActionToasts(fetcher.data, fetcher.state);
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
      {page.booked && !changing ? <BookedCard page={page} zone={zone} onReschedule={() => setChanging(true)} /> : null}
      {showPicker ? <SlotPicker page={page} zone={zone} /> : null}
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

function BookedCard({ page, zone, onReschedule }: { page: ReadyPage; zone: string; onReschedule: () => void }) {
  const fetcher = useFetcher<BookingActionResult>({ key: BOOKING_FETCHER });
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
          {longDateInZone(start, zone)}, {timeInZone(start, zone)} – {timeInZone(end, zone)}
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
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="destructive">Cancel Booking</Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Cancel your consultation?</AlertDialogTitle>
                  <AlertDialogDescription>Your time will be released. This action cannot be undone.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep Booking</AlertDialogCancel>
                  <AlertDialogAction onClick={() => fetcher.submit({ intent: "cancel" }, { method: "post" })}>Cancel Booking</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
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

function useActionToasts(result: BookingActionResult | undefined, state: string) {
  React.useEffect(() => {
    if (state !== "idle" || !result) return;
    if (result.ok) {
      toast.success(
        result.intent === "cancel" ? "Your consultation was cancelled." : "Consultation booked successfully! You'll receive a confirmation email shortly.",
      );
      // Spec: the page reloads 2 seconds after booking, into its booked state.
      const timer = window.setTimeout(() => window.location.reload(), 2_000);
      return () => window.clearTimeout(timer);
    }
    toast.error(`Failed to book: ${result.error || "Please try again"}`);
  }, [result, state]);
}

function SlotPicker({ page, zone }: { page: ReadyPage; zone: string }) {
  const fetcher = useFetcher<BookingActionResult>({ key: BOOKING_FETCHER });
  const [date, setDate] = React.useState<Date | undefined>();
  const [choice, setChoice] = React.useState<Choice | null>(null);
  const byDate = React.useMemo(() => groupByVisitorDate(page.offered, zone), [page.offered, zone]);
  const today = dateInZone(new Date(), zone);
  const dateKey = date ? format(date, "yyyy-MM-dd") : null;
  const times = dateKey ? (byDate.get(dateKey) ?? []) : [];
  const firstDate = page.offered[0] ? new Date(page.offered[0].start) : new Date();
  const busy = fetcher.state !== "idle";
  const confirm = () => {
    if (!choice) return;
    const payload: Record<string, string> = { intent: "book", timeZone: zone };
    if (choice.kind === "slot") payload.slotId = choice.id;
    else payload.proposedStart = choice.start;
    fetcher.submit(payload, { method: "post" });
  };

  return (
    <div className="grid gap-6">
      {page.proposed.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Proposed new times</CardTitle>
            <CardDescription>We suggest these times. Pick one, or choose another time below.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
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
                  {longDateInZone(start, zone)}, {timeInZone(start, zone)}
                </Button>
              );
            })}
          </CardContent>
        </Card>
      ) : null}
      {page.offered.length === 0 && page.proposed.length === 0 ? (
        <Card className="mx-auto max-w-md text-center">
          <CardContent className="py-8">No available time slots at the moment. Please check back later.</CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Select a Date</CardTitle>
            </CardHeader>
            <CardContent className="flex justify-center">
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
            </CardContent>
          </Card>
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
                    const selected = choice?.kind === "slot" && choice.id === slot.id;
                    return (
                      <Button
                        key={slot.id}
                        variant={selected ? "default" : "outline"}
                        aria-pressed={selected}
                        onClick={() => setChoice({ kind: "slot", id: slot.id, start: slot.start })}
                      >
                        {timeInZone(new Date(slot.start), zone)}
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
          <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
            <p>
              <span className="text-muted-foreground">Your consultation: </span>
              <strong data-testid="booking-summary">
                {longDateInZone(new Date(choice.start), zone)} at {timeInZone(new Date(choice.start), zone)}
              </strong>
            </p>
            <input type="text" name="website" tabIndex={-1} autoComplete="off" className="hidden" aria-hidden="true" />
            <Button size="lg" onClick={confirm} disabled={busy}>
              {busy ? "Confirming..." : "Confirm Booking"}
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
