import CalendarDays from "lucide-react/icons/calendar-days";
import { ConfirmIdentityForm, type ConfirmationState } from "~/auth/confirm-identity-form";
import { useFormAction } from "~/forms/use-form-action";
import { formatDateTime } from "~/formatting/dates";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";

/** The admin's feed address, if they have one: when it was made, and whether it still works (ending their sign-ins ended it). */
export type CalendarFeedState = { madeAt: string | Date; live: boolean } | null;

function feedDescription(feed: CalendarFeedState, timeZone: string): string {
  if (!feed) return "You have no feed address yet.";
  const made = formatDateTime(feed.madeAt, timeZone);
  if (!feed.live) return `Your feed address made ${made} stopped working when your sign-ins were ended (a new password, or signing out everywhere). Make a new one.`;
  return `Your feed address was made ${made}. It is not shown again; make a new one if you need it (the old one then stops working).`;
}

/** Where the card is, for the confirmation to come back to. */
const CONSULTATIONS = "/admin/consultations";

/**
 * The signed-in admin's calendar subscription: the address is shown once, when it is made (only
 * its hash is kept); making a new one stops the old one. Making one asks for a recent "confirm
 * it's you": the address outlives the session that makes it (issue 41).
 */
export function CalendarFeedCard({ feed, confirmation, timeZone }: { feed: CalendarFeedState; confirmation: ConfirmationState; timeZone: string }) {
  const { fetcher, busy, succeeded } = useFormAction<{ feedUrl: string }>({ intent: "make-calendar-feed" });
  const feedUrl = succeeded?.feedUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarDays className="size-5" aria-hidden="true" /> Your calendar feed
        </CardTitle>
        <CardDescription>
          Your calls (those waiting for 'Confirm' marked tentative) and project deadlines in your calendar app (Google Calendar: Other calendars › From URL; Apple Calendar: File › New Calendar
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
          <p className="text-sm text-muted-foreground">{feedDescription(feed, timeZone)}</p>
        )}
        {confirmation.confirmedUntil || feedUrl ? (
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value="make-calendar-feed" />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              {feed || feedUrl ? "Make a new feed address" : "Make my feed address"}
            </Button>
          </fetcher.Form>
        ) : (
          <>
            <p className="text-sm">Making a feed address asks for your password{confirmation.twoFactorEnabled ? " and the code from your app" : ""} first: whoever has the address sees your calls for as long as it works.</p>
            <ConfirmIdentityForm twoFactorEnabled={confirmation.twoFactorEnabled} returnTo={CONSULTATIONS} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
