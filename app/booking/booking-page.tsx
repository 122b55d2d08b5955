/**
 * The public booking page (/booking/:token), the request side only: it reads the link's page
 * through the page cache, limits the rate of its posts, and books or cancels through the
 * consultations domain (app/consultations/book-slot.server.ts, cancel-by-visitor.server.ts), which owns invitations,
 * bookings and their rules. See app/booking/booking.server.ts.
 */
import * as React from "react";
import { data, useLoaderData } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { logger } from "~/logging/logger.server";
import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/booking-page";
import { answerBookingAction } from "./booking-action.server";
import { currentBookingPage } from "./booking-page-cache.server";
import { decodeBookingPage, encodeBookingPage } from "./booking-page-data";
import { BOOKING_FAILURES } from "./booking-failures";
import { BookingFlow, BookingShell } from "./booking-flow";
import { bookingPageText } from "./booking.server";
import { useVisitorZone } from "~/document/visitor-zone";

export const meta: Route.MetaFunction = () => [{ title: "Book Your Consultation" }, { name: "robots", content: "noindex" }];

/** The page as one string (booking-page-data.ts): what the kept document puts in its template. */
export async function loader({ params, context }: Route.LoaderArgs) {
  // A link must never be cached by a shared proxy: it is a capability.
  const headers = { "Cache-Control": "private, no-store" };
  // The kept document renders the page it was given (booking-document.server.ts).
  if (context.bookingPage !== undefined) return data(context.bookingPage, { headers });
  try {
    const page = await currentBookingPage(params.token);
    return data(bookingPageText(page), { status: page.kind === "error" ? 404 : 200, headers });
  } catch (error) {
    // The database did not answer: the page says so in its error card, as for a link that does not work.
    logger.warn({ err: error }, "a booking page could not be read");
    return data(encodeBookingPage({ kind: "error", message: BOOKING_FAILURES.load }), { status: 503, headers });
  }
}

// The document carries the loader's headers (without this export React Router sends none of them).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerBookingAction(request, params.token ?? "", clientAddressOf(context));
}

export default function BookingPage() {
  const text = useLoaderData<typeof loader>();
  const page = React.useMemo(() => decodeBookingPage(text), [text]);
  // The visitor's zone is the browser's (or the one they chose): known only once the app runs, so
  // the kept document, the same for every visitor, renders the loading line (decision 050).
  const zone = useVisitorZone(null);

  if (page.kind === "error") return <BookingErrorCard message={page.message} />;
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

/** The spec's error card: titled 'Error', with the message (the link's problem, or that the page could not be read). */
function BookingErrorCard({ message }: { message: string }) {
  return (
    <BookingShell>
      <Card className="mx-auto max-w-md text-center">
        <CardHeader>
          <CardTitle>Error</CardTitle>
          <CardDescription role="alert">{message}</CardDescription>
        </CardHeader>
        <CardContent>
          <a href="/" className={buttonVariants({ variant: "outline" })}>Return to Home</a>
        </CardContent>
      </Card>
    </BookingShell>
  );
}

/**
 * What failed without an answer (a booking whose connection dropped, a page that would not
 * render): the same card with the spec's fallback, so the visitor knows to reload and try again.
 */
export function ErrorBoundary() {
  return <BookingErrorCard message={`${BOOKING_FAILURES.noAnswer}. Please reload the page and try again.`} />;
}
