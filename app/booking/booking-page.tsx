/**
 * The public booking page (/booking/:token), the request side only: it reads the link's page
 * through the page cache, limits the rate of its posts, and books or cancels through the
 * consultations domain (app/consultations/visitor-booking.server.ts), which owns invitations,
 * bookings and their rules. See app/booking/booking.server.ts.
 */
import * as React from "react";
import { data, useLoaderData } from "react-router";
import { z } from "zod";
import { bookSlot, cancelByVisitor, INVALID_LINK, SLOT_TAKEN } from "~/consultations/visitor-booking.server";
import { answerForm } from "~/forms/form-action.server";
import { checkForm } from "~/forms/form-result";
import { Refusal } from "~/forms/refusal";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { clientAddressOf } from "~/site/client-address.server";
import type { Route } from "./+types/booking-page";
import { bookingPageCache, currentBookingPage } from "./booking-page-cache.server";
import { limitBookingActions } from "./booking-rate-limit.server";
import { BookingFlow, BookingShell } from "./booking-flow";

export const meta: Route.MetaFunction = () => [{ title: "Book Your Consultation" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  const page = await currentBookingPage(params.token);
  // A link must never be cached by a shared proxy: it is a capability.
  const headers = { "Cache-Control": "private, no-store" };
  return data(page, { status: page.kind === "error" ? 404 : 200, headers });
}

// The document carries the loader's headers (without this export React Router sends none of them).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** What the visitor may post: a time (an offered slot or a proposed instant), or cancelling it. */
const bookForm = z.object({
  slotId: z.uuid(SLOT_TAKEN).optional(),
  proposedStart: z.iso.datetime({ offset: true, message: SLOT_TAKEN }).optional(),
  timeZone: z.string().max(100).optional(),
  // Honeypot: a field people never see; bots fill it.
  website: z.literal("", "Booking failed").optional(),
});

/** The spec's wording of every refusal the visitor reads on this page. */
async function asVisitorSees(work: () => Promise<object>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal(`Failed to book: ${error.message || "Please try again"}`, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.token ?? "";
  const answered = (intent: "book" | "cancel", toast: string) => async () => {
    // The page revalidates right after this answer: make sure this process has heard of the change
    // (it has on the embedded database; on a server database the notification comes a moment later).
    await bookingPageCache().caughtUp();
    return { ok: true as const, intent, toast };
  };
  const guarded = (work: (form: FormData) => Promise<object>) => (form: FormData) =>
    asVisitorSees(async () => {
      if (!token) throw new Refusal(INVALID_LINK, { status: 404 });
      await limitBookingActions(clientAddressOf(context), token);
      return work(form);
    });
  return answerForm(request, {
    book: guarded(async (form) => {
      const input = parseFormOrRefuse(form);
      await bookSlot({ token, slotId: input.slotId, proposedStart: input.proposedStart, visitorTimeZone: input.timeZone });
      return answered("book", "Consultation booked successfully! You'll receive a confirmation email shortly.")();
    }),
    cancel: guarded(async () => {
      await cancelByVisitor(token);
      return answered("cancel", "Your consultation was cancelled.")();
    }),
  });
}

/** The booking form's fields; a field refusal is worded like the service's (one message, toasted). */
function parseFormOrRefuse(form: FormData) {
  const checked = checkForm(bookForm, form);
  if (!checked.ok) throw new Refusal(Object.values(checked.fieldErrors)[0] ?? SLOT_TAKEN);
  return checked.data;
}

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

