import { useActionData, useLoaderData } from "react-router";
import { limitBookingActions } from "~/booking/booking-rate-limit.server";
import { bookCallForClient, offeredTimesForNewCall } from "~/consultations/client-calls.server";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/portal-booking-page";
import { recordPortalEvent } from "./portal-activity.server";
import { bookTimeForm } from "./portal-forms";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";
import { TimePickerForm } from "./time-picker";
import { useVisitorZone } from "./visitor-zone";

// /portal/book: a new call at one of the agency's open times, by the booking page's rules and with its e-mails.

export const meta: Route.MetaFunction = () => [{ title: "Book a call | Client portal" }];

export const BOOKED = "Consultation booked successfully! You'll receive a confirmation email shortly.";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePortalClient(request);
  const { offered, timeZone } = await offeredTimesForNewCall();
  return { offered: offered.days, timeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requirePortalClient(request);
  return answerForm(
    request,
    {
      book: async (form) => {
        const input = parseForm(bookTimeForm, form);
        if (!input.slotKey) throw new Refusal("Please select a time.", { field: "time" });
        await limitBookingActions(clientAddressOf(context), `client:${client.id}`);
        const booking = await bookCallForClient(client.id, { slotKey: input.slotKey, visitorTimeZone: input.visitorTimeZone });
        await recordPortalEvent(client.id, { kind: "booked_consultation", subjectId: booking.id });
        return redirectWithToast("/portal#calls", { type: "success", title: BOOKED });
      },
    },
    { failureTitles: { book: "Failed to book" } },
  );
}

export default function PortalBookingPage() {
  const { offered, timeZone } = useLoaderData<typeof loader>();
  const zone = useVisitorZone(timeZone);
  const posted = useActionData<FormResult>();
  return (
    <PortalPage back="/portal#calls" title="Book a call">
      <p className="text-muted-foreground">Pick a time that suits you. We confirm it with a meeting link by e-mail.</p>
      <TimePickerForm action="/portal/book" offered={offered} businessZone={timeZone} zone={zone} submitLabel="Book this time" initial={posted} />
    </PortalPage>
  );
}
