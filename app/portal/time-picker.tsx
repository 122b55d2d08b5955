import { decodeOfferedDays } from "~/availability/offered-days";
import { groupByVisitorDate } from "~/availability/slot-time";
import { formatClockTime, formatDay, formatLongDate } from "~/formatting/dates";
import type { FormResult } from "~/forms/form-result";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form-field";
import { HiddenInputs } from "~/forms/hidden-inputs";

const choice = "flex min-h-11 cursor-pointer items-center justify-center rounded-md border bg-background px-2 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/**
 * Choosing a time for a call, phone first and without JavaScript if need be: the agency's offered
 * times day by day (each day folds open), and any times it proposed, as one group of radio buttons.
 */
export function TimePickerForm({
  action,
  offered,
  businessZone,
  proposed = [],
  zone,
  submitLabel,
  initial,
}: {
  action: string;
  /** The offered times' compact form (offered-days.ts), read in the business zone. */
  offered: string;
  businessZone: string;
  proposed?: readonly { start: string }[];
  zone: string;
  submitLabel: string;
  initial?: FormResult;
}) {
  const { fetcher, busy, formError, errors } = useFormAction({ intent: "book", initial });
  const byDay = [...groupByVisitorDate(decodeOfferedDays(offered, businessZone), zone)];
  if (byDay.length === 0 && proposed.length === 0) {
    return <p className="rounded-md border bg-background p-4 text-center text-sm">No available time slots at the moment. Please check back later.</p>;
  }
  return (
    <fetcher.Form method="post" action={action} noValidate className="grid gap-4">
      <HiddenInputs fields={{ intent: "book", timeZone: zone }} />
      <p className="text-sm text-muted-foreground">Times in {zone.replace(/_/g, " ")}.</p>
      {proposed.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">Times we proposed</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {proposed.map((slot) => (
              <label key={slot.start} className={choice}>
                <input type="radio" name="time" value={`proposed:${slot.start}`} className="sr-only" />
                {formatLongDate(new Date(slot.start), zone)}, {formatClockTime(new Date(slot.start), zone)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {byDay.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">{proposed.length > 0 ? "Or another open time" : "Open times"}</legend>
          {byDay.map(([day, times], index) => (
            <details key={day} open={index === 0} className="rounded-lg border bg-background">
              <summary className="cursor-pointer px-3 py-2 font-medium">
                {formatDay(day, "long")} <span className="text-muted-foreground">· {times.length === 1 ? "1 time" : `${times.length} times`}</span>
              </summary>
              <div className="grid grid-cols-3 gap-2 p-3 pt-1">
                {times.map((slot) => (
                  <label key={slot.key} className={choice}>
                    <input type="radio" name="time" value={`slot:${slot.key}`} className="sr-only" />
                    {formatClockTime(new Date(slot.start), zone)}
                  </label>
                ))}
              </div>
            </details>
          ))}
        </fieldset>
      ) : null}
      {errors.time ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.time}
        </p>
      ) : null}
      <FormError message={formError} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Booking..." : submitLabel}
      </Button>
    </fetcher.Form>
  );
}
