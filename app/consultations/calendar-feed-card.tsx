import CalendarDays from "lucide-react/icons/calendar-days";
import { useFormAction } from "~/forms/use-form-action";
import { formatDateTime } from "~/formatting/dates";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";

/**
 * The signed-in admin's calendar subscription: the address is shown once, when it is made (only
 * its hash is kept); making a new one stops the old one.
 */
export function CalendarFeedCard({ madeAt, timeZone }: { madeAt: string | Date | null; timeZone: string }) {
  const { fetcher, busy, succeeded } = useFormAction<{ feedUrl: string }>({ intent: "make-calendar-feed" });
  const feedUrl = succeeded?.feedUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarDays className="size-5" aria-hidden="true" /> Your calendar feed
        </CardTitle>
        <CardDescription>
          Confirmed calls and project deadlines in your calendar app (Google Calendar: Other calendars › From URL; Apple Calendar: File › New Calendar
          Subscription). Keep the address private: whoever has it sees your calls.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feedUrl ? (
          <>
            <CopyLink link={feedUrl} label="Calendar feed address" copiedMessage="Calendar feed address copied to clipboard" />
            <p className="text-sm text-muted-foreground">Copy it now: it is shown only this once.</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {madeAt ? `Your feed address was made ${formatDateTime(madeAt, timeZone)}. It is not shown again; make a new one if you need it (the old one then stops working).` : "You have no feed address yet."}
          </p>
        )}
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="make-calendar-feed" />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {madeAt || feedUrl ? "Make a new feed address" : "Make my feed address"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
