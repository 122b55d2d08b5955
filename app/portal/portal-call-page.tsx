import { useActionData, useLoaderData } from "react-router";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import { limitBookingActions } from "~/booking/booking-rate-limit.server";
import { timeChoiceForm } from "~/booking/time-choice";
import { TimePicker } from "~/booking/time-picker";
import { useVisitorZone, VisitorZoneSwitch } from "~/document/visitor-zone";
import { bookingTokenOfClient } from "~/consultations/client-calls.server";
import { BOOKING_STATUS_LABELS } from "~/consultations/booking-status";
import { bookSlot } from "~/consultations/book-slot.server";
import { cancelByVisitor } from "~/consultations/cancel-by-visitor.server";
import { readVisitorBooking } from "~/consultations/visitor-booking-page.server";
import { formatClockTime, formatLongDate } from "~/formatting/dates";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { recordIdParam } from "~/forms/record-id";
import { notFound } from "~/refusal/refusal";
import { useFormAction } from "~/forms/use-form-action";
import { recordNotFound } from "~/http/record-not-found";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form-field";
import type { Route } from "./+types/portal-call-page";
import { recordPortalEvent } from "./portal-activity.server";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";
import { portalZone } from "./portal-zone.server";

// /portal/consultations/{id}: one of the client's bookings, to pick, move or cancel its time under
// the booking page's rules (its 24-hour cut-off, its e-mails), through the same services.

export const meta: Route.MetaFunction = () => [{ title: "Your call | Client portal" }];

const CALL_NOT_FOUND = "This call is not in your portal.";

/** The booking-page token of the client's booking named in the URL; another client's is not found. */
async function tokenOf(clientId: string, callId: string | undefined): Promise<string | null> {
  const id = recordIdParam(callId);
  return id ? bookingTokenOfClient(clientId, id) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const token = await tokenOf(client.id, params.callId);
  if (!token) return recordNotFound(CALL_NOT_FOUND);
  const { page } = await readVisitorBooking({ token });
  if (page.kind === "error") return recordNotFound(CALL_NOT_FOUND);
  const { status, booked, meetingLink, offered, proposed, canChange, cutoffHours, timeZone, companyName, durationMinutes } = page;
  const zone = await portalZone(request, client, timeZone);
  return { callId: params.callId, status, booked, meetingLink, offered: offered.days, proposed, canChange, cutoffHours, timeZone, companyName, durationMinutes, zone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const client = await requirePortalClient(request);
  const guarded = async () => {
    const token = await tokenOf(client.id, params.callId);
    if (!token) throw notFound(CALL_NOT_FOUND);
    await limitBookingActions(clientAddressOf(context), token);
    return token;
  };
  return answerForm(
    request,
    {
      book: async (form) => {
        const input = parseForm(timeChoiceForm, form);
        const token = await guarded();
        const booking = await bookSlot({ token, ...input });
        await recordPortalEvent(client.id, { kind: "rescheduled_consultation", subjectId: booking.id });
        return redirectWithToast(`/portal/consultations/${booking.id}`, { type: "success", title: "Your call is booked for the new time. You'll receive a confirmation email shortly." });
      },
      cancel: async () => {
        const booking = await cancelByVisitor({ token: await guarded() });
        await recordPortalEvent(client.id, { kind: "cancelled_consultation", subjectId: booking.id });
        return redirectWithToast("/portal#calls", { type: "success", title: "Your consultation was cancelled." });
      },
    },
    { failureTitles: { book: "Failed to book", cancel: "Failed to cancel" } },
  );
}

function CancelForm({ action, initial }: { action: string; initial?: FormResult }) {
  const { fetcher, busy, formError } = useFormAction({ intent: "cancel", initial });
  return (
    <fetcher.Form method="post" action={action} noValidate className="grid gap-2">
      <input type="hidden" name="intent" value="cancel" />
      <FormError message={formError} />
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        Cancel this call
      </Button>
    </fetcher.Form>
  );
}

export default function PortalCallPage() {
  const call = useLoaderData<typeof loader>();
  const posted = useActionData<FormResult>();
  const zone = useVisitorZone(call.zone);
  const here = `/portal/consultations/${call.callId}`;
  const book = useFormAction({ intent: "book", initial: posted?.intent === "book" ? posted : undefined });
  const open = call.status !== "completed" && call.status !== "cancelled";
  return (
    <PortalPage back="/portal#calls" title={<>Your call <Badge variant="outline">{BOOKING_STATUS_LABELS[call.status]}</Badge></>}>
      <VisitorZoneSwitch zone={zone} />
      {call.booked ? (
        <p className="text-lg font-semibold" data-testid="booked-time">
          {formatLongDate(new Date(call.booked.start), zone)}, {formatClockTime(new Date(call.booked.start), zone)} – {formatClockTime(new Date(call.booked.end), zone)}
        </p>
      ) : (
        <p>No time chosen yet.</p>
      )}
      <p className="text-sm text-muted-foreground">
        A {call.durationMinutes}-minute video call with {call.companyName}. {call.meetingLink ? "" : "We e-mail you the meeting link when we confirm it."}
      </p>
      {call.meetingLink ? (
        <a href={call.meetingLink} target="_blank" rel="noreferrer noopener" className="font-medium text-primary underline">
          Join the call
        </a>
      ) : null}
      {call.booked && open ? (
        <p>
          <a href={`${here}/calendar`} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
          </a>
        </p>
      ) : null}
      {call.canChange ? (
        <>
          <h2 className="text-lg font-semibold">{call.booked ? "Move it to another time" : "Choose a time"}</h2>
          <TimePicker
            fetcher={book.fetcher}
            action={here}
            busy={book.busy}
            offer={call}
            zone={zone}
            openOnFirstDay
            submitLabel="Book this time"
            busyLabel="Booking..."
            error={book.errors.time}
            formError={book.formError}
          />
          {call.booked ? <CancelForm action={here} initial={posted?.intent === "cancel" ? posted : undefined} /> : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          This call can no longer be changed online: changes are possible until {call.cutoffHours} hours before it. Please reply to your confirmation e-mail.
        </p>
      )}
    </PortalPage>
  );
}
