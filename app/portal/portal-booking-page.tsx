import { useActionData, useLoaderData } from "react-router";
import { limitBookingActions } from "~/booking/booking-rate-limit.server";
import { timeChoiceForm, NO_TIME_CHOSEN } from "~/booking/time-choice";
import { TimePicker } from "~/booking/time-picker";
import { bookCallForClient, offeredTimesForNewCall } from "~/consultations/client-calls.server";
import { useVisitorZone, VisitorZoneSwitch } from "~/document/visitor-zone";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import { useFormAction } from "~/forms/use-form-action";
import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/portal-booking-page";
import { recordPortalEvent } from "./portal-activity.server";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";
import { portalZone } from "./portal-zone.server";

// /portal/book: a new call at one of the agency's open times, by the booking page's rules and with
// its e-mails, in the one booking picker; booked, the client lands on the call's own page.

export const meta: Route.MetaFunction = () => [{ title: "Book a call | Client portal" }];

export const BOOKED = "Consultation booked successfully! You'll receive a confirmation email shortly.";

export async function loader({ request }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const { offered, timeZone, companyName, durationMinutes } = await offeredTimesForNewCall();
  return { offered: offered.days, timeZone, companyName, durationMinutes, zone: await portalZone(request, client, timeZone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requirePortalClient(request);
  return answerForm(
    request,
    {
      book: async (form) => {
        const input = parseForm(timeChoiceForm, form);
        if (!input.slotKey) throw new Refusal(NO_TIME_CHOSEN, { field: "time" });
        await limitBookingActions(clientAddressOf(context), `client:${client.id}`);
        const booking = await bookCallForClient(client.id, { slotKey: input.slotKey, visitorTimeZone: input.visitorTimeZone });
        await recordPortalEvent(client.id, { kind: "booked_consultation", subjectId: booking.id });
        return redirectWithToast(`/portal/consultations/${booking.id}`, { type: "success", title: BOOKED });
      },
    },
    { failureTitles: { book: "Failed to book" } },
  );
}

export default function PortalBookingPage() {
  const page = useLoaderData<typeof loader>();
  const zone = useVisitorZone(page.zone);
  const posted = useActionData<FormResult>();
  const { fetcher, busy, errors, formError } = useFormAction({ intent: "book", initial: posted });
  return (
    <PortalPage back="/portal#calls" title="Book a call">
      <VisitorZoneSwitch zone={zone} />
      <TimePicker
        fetcher={fetcher}
        action="/portal/book"
        busy={busy}
        offer={page}
        zone={zone}
        openOnFirstDay
        submitLabel="Book this time"
        busyLabel="Booking..."
        error={errors.time}
        formError={formError}
      />
    </PortalPage>
  );
}
