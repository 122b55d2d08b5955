import { format } from "date-fns/format";
import * as React from "react";
import type { FetcherWithComponents } from "react-router";
import { decodeOfferedDays } from "~/availability/offered-days";
import { groupByVisitorDate } from "~/availability/slot-time";
import { dayIn, formatClockTime, formatDay, formatLongDate } from "~/formatting/dates";
import type { FormResult } from "~/forms/form-result";
import { HiddenInputs, type HiddenFields } from "~/forms/hidden-inputs";
import { Button } from "~/ui/button";
import { Calendar } from "~/ui/calendar";
import { cn } from "~/ui/class-names";
import { FormError } from "~/ui/form-field";
import { useHydrated } from "~/ui/hydrated";

/**
 * The one booking picker (decision 050), for the invitation link's page and the client portal's:
 * what is being booked (with whom, how long, where), the times the agency proposed, the calendar
 * and the chosen day's times side by side on a laptop (one above the other on a phone), and the
 * chosen time with the confirm button in a bar that stays in view. Every choice is a radio button
 * of one group (`time`: `slot:{key}` or `proposed:{instant}`, time-choice.ts), so a form posted
 * before the app runs (a phone starts it at the first touch, decision 011) still books: the portal
 * opens on the first open day, whose times are there without the app.
 */

/** A day of the calendar grid (a local midnight) for a `yyyy-MM-dd` key: the same day on the server and in the browser. */
function calendarDay(key: string): Date {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

const dayKey = (day: Date) => format(day, "yyyy-MM-dd");

const CHOICE =
  "flex min-h-11 cursor-pointer items-center justify-center rounded-md border bg-background px-2 text-sm font-medium hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/** The call on offer, as the booking page's and the portal's loaders give it. */
export type BookableCall = {
  /** The offered times' compact form (offered-days.ts), read in `timeZone`, the business's zone. */
  offered: string;
  timeZone: string;
  proposed?: readonly { start: string }[];
  /** Who the call is with and how long it lasts. */
  companyName: string;
  durationMinutes: number;
};

export type TimePickerProps = {
  /** The caller's form action (one form pattern): its fetcher posts the choice. */
  fetcher: FetcherWithComponents<FormResult>;
  action?: string;
  busy: boolean;
  offer: BookableCall;
  /** The zone the person reads times in (decision 050). */
  zone: string;
  /** Open on the first open day (the portal) rather than asking for a date first (the booking page, as its specification has it). */
  openOnFirstDay?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** More fields the page's action reads (the booking page's honeypot). */
  fields?: HiddenFields;
  error?: string;
  formError?: string;
  children?: React.ReactNode;
};

export function TimePicker({
  fetcher,
  action,
  busy,
  offer,
  zone,
  openOnFirstDay = false,
  submitLabel,
  busyLabel,
  fields,
  error,
  formError,
  children,
}: TimePickerProps) {
  const { offered, timeZone: businessZone, proposed = [], companyName, durationMinutes } = offer;
  // The offered days and minutes (business zone) as instants, then as the person's own days.
  const byDay = React.useMemo(() => groupByVisitorDate(decodeOfferedDays(offered, businessZone), zone), [offered, businessZone, zone]);
  const firstDay = byDay.keys().next().value;
  const [chosenDay, setChosenDay] = React.useState<string | undefined>(openOnFirstDay ? firstDay : undefined);
  // A day that no longer offers anything (the zone changed under it) is no day chosen.
  const day = chosenDay && byDay.has(chosenDay) ? chosenDay : openOnFirstDay ? firstDay : undefined;
  const [choice, setChoice] = React.useState<string | null>(null);
  const hydrated = useHydrated();
  const timesRef = React.useRef<HTMLElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  // The radios are the browser's own (uncontrolled): a time tapped before the app ran stays chosen.
  React.useEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>("input[name=time]:checked");
    if (checked) setChoice(checked.value);
  }, []);
  const today = dayIn(new Date(), zone);
  const times = day ? (byDay.get(day) ?? []) : [];
  const noTimes = byDay.size === 0 && proposed.length === 0;
  const chosenStart = choice?.startsWith("proposed:") ? choice.slice("proposed:".length) : times.find((slot) => `slot:${slot.key}` === choice)?.start;

  const chooseDay = (next: Date | undefined) => {
    if (!next) return;
    setChosenDay(dayKey(next));
    // The specification: changing the date clears the chosen time (a proposed time stays chosen).
    setChoice((current) => (current?.startsWith("slot:") ? null : current));
    // On a phone the times are under the calendar: bring them into view.
    if (window.matchMedia("(max-width: 767px)").matches) requestAnimationFrame(() => timesRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }));
  };

  const radio = (value: string, label: React.ReactNode, key: string) => (
    <label key={key} className={CHOICE}>
      {/* Its margin keeps the whole choice above the sticky confirm bar when the keyboard brings it into view. */}
      <input type="radio" name="time" value={value} className="sr-only scroll-mb-44" onChange={() => setChoice(value)} />
      {label}
    </label>
  );

  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate className="grid gap-6">
      <HiddenInputs fields={{ intent: "book", timeZone: zone, ...fields }} />
      <p className="rounded-lg border bg-background p-4 text-sm" data-testid="booking-about">
        <span className="font-semibold">
          A {durationMinutes}-minute video call with {companyName}.
        </span>{" "}
        <span className="text-muted-foreground">Pick a time; we e-mail you the meeting link when we confirm it.</span>
      </p>
      {children}
      {proposed.length > 0 ? (
        <fieldset className="grid gap-2 rounded-lg border bg-background p-4">
          <legend className="px-1 font-semibold">Proposed new times</legend>
          <p className="text-sm text-muted-foreground">We suggest these times. Pick one, or choose another time below.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {proposed.map((slot) => radio(`proposed:${slot.start}`, `${formatLongDate(slot.start, zone)}, ${formatClockTime(slot.start, zone)}`, slot.start))}
          </div>
        </fieldset>
      ) : null}
      {noTimes ? (
        <p className="rounded-lg border bg-background p-6 text-center">No available time slots at the moment. Please check back later.</p>
      ) : byDay.size > 0 ? (
        <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <section aria-labelledby="picker-dates" className="rounded-lg border bg-background p-4">
            <h2 id="picker-dates" className="font-semibold">
              Select a Date
            </h2>
            <Calendar
              mode="single"
              className="p-0 pt-3"
              selected={day ? calendarDay(day) : undefined}
              defaultMonth={calendarDay(day ?? firstDay ?? today)}
              today={calendarDay(today)}
              onSelect={chooseDay}
              disabled={(date) => {
                const key = dayKey(date);
                return key < today || !byDay.has(key);
              }}
              modifiers={{ open: (date) => byDay.has(dayKey(date)) }}
              classNames={{
                weekday: "w-11 text-[0.8rem] font-normal text-muted-foreground",
                day: "size-11 p-0 text-center text-sm",
                day_button: "size-11 scroll-mb-44 rounded-md text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                // Next month's open days, shown at the end of this month's grid, are as bookable as this month's.
                outside: "",
              }}
              // An open day is tinted (the chosen one is the calendar's own selected look, whose cell carries aria-selected).
              modifiersClassNames={{ open: "font-semibold [&:not([aria-selected=true])>button]:bg-primary/10 [&:not([aria-selected=true])>button]:text-primary" }}
            />
          </section>
          <section aria-labelledby="picker-times" className="min-w-0 rounded-lg border bg-background p-4" ref={timesRef}>
            <h2 id="picker-times" className="scroll-mt-20 font-semibold">
              {day ? `Available Times for ${formatDay(day, "weekday-month-day")}` : "Select a date to see times"}
            </h2>
            <div className="pt-3">
              {!day ? (
                <p className="text-muted-foreground">Please select a date from the calendar.</p>
              ) : times.length === 0 ? (
                <p className="text-muted-foreground">No available times for this date.</p>
              ) : (
                <div role="radiogroup" aria-label="Available times" className="grid max-h-[400px] grid-cols-3 gap-2 overflow-y-auto pr-1 sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4">
                  {times.map((slot) => radio(`slot:${slot.key}`, formatClockTime(slot.start, zone), slot.key))}
                </div>
              )}
            </div>
          </section>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <FormError message={formError} />
      {noTimes ? null : (
        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background/95 p-3 shadow-md backdrop-blur">
          <p aria-live="polite" className="text-sm">
            {chosenStart ? (
              <>
                <span className="text-muted-foreground">Your consultation: </span>
                <strong data-testid="booking-summary">
                  {formatLongDate(chosenStart, zone)} at {formatClockTime(chosenStart, zone)}
                </strong>
              </>
            ) : (
              <span className="text-muted-foreground">Choose a date, then a time.</span>
            )}
          </p>
          {/* Without the app a checked radio is unknown to React: the button stays usable, and the server asks for a time if none was chosen. */}
          <Button type="submit" size="lg" disabled={busy || (hydrated && !chosenStart)} className={cn("min-w-40")}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </fetcher.Form>
  );
}
