import { Form, useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Button } from "~/ui/button";
import { redirectWithToast } from "~/forms/flash.server";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { Route } from "./+types/bookings-page";
import { BOOKING_STATUS_LABELS } from "./booking-status";
import { BookingsTable } from "./bookings-table";
import { cancelBooking, completeBooking, confirmBooking, listBookings, proposeLocalTimes } from "./bookings.server";
import { bookingIdForm, confirmBookingForm, proposeTimesForm } from "./consultation-forms";
import { CONSULTATION_BOOKING_STATUSES, type ConsultationBookingStatus } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Consultation Bookings | Admin" }];

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const settings = await getOrganizationSettings();
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status = (CONSULTATION_BOOKING_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ConsultationBookingStatus) : "all";
  const from = isDate(url.searchParams.get("from"));
  const to = isDate(url.searchParams.get("to"));
  const bookings = await listBookings({ status, from, to }, settings.timezone);
  return {
    bookings: bookings.map((booking) => ({
      id: booking.id,
      status: booking.status,
      lead: booking.lead,
      selectedStart: booking.selectedStart,
      meetingLink: booking.meetingLink,
      proposedSlots: booking.proposedSlots,
    })),
    filters: { status, from: from ?? "", to: to ?? "" },
    timeZone: settings.timezone,
    defaultMeetingLink: settings.defaultMeetingLink ?? "",
  };
}

/** The spec's toast titles for each action's failures. */
const BOOKING_FAILURE_TITLES = {
  confirm: "Failed to confirm booking",
  propose: "Failed to propose new time",
  complete: "Failed to update status",
  cancel: "Failed to update status",
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  return answerForm(request, {
    confirm: async (form) => {
      const input = parseForm(confirmBookingForm, form);
      await confirmBooking(input.bookingId, input.meetingLink);
      return redirectWithToast(here, { type: "success", title: "Consultation confirmed and email sent!" });
    },
    propose: async (form) => {
      const input = parseForm(proposeTimesForm, form);
      await proposeLocalTimes(input.bookingId, input.start);
      return redirectWithToast(here, { type: "success", title: "New times proposed and email sent!" });
    },
    complete: async (form) => {
      await completeBooking(parseForm(bookingIdForm, form).bookingId);
      return redirectWithToast(here, { type: "success", title: "Marked as completed" });
    },
    cancel: async (form) => {
      await cancelBooking(parseForm(bookingIdForm, form).bookingId);
      return redirectWithToast(here, { type: "success", title: "Booking cancelled" });
    },
  }, { failureTitles: BOOKING_FAILURE_TITLES });
}

export default function BookingsPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Consultation Bookings</h1>
        <p className="text-muted-foreground">Every booking, with times in {data.timeZone}.</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect id="filter-status" name="status" defaultValue={data.filters.status} wrapperClassName="w-44">
            <NativeSelectOption value="all">All statuses</NativeSelectOption>
            {CONSULTATION_BOOKING_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {BOOKING_STATUS_LABELS[status]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="filter-from">From</Label>
          <Input id="filter-from" name="from" type="date" defaultValue={data.filters.from} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="filter-to">To</Label>
          <Input id="filter-to" name="to" type="date" defaultValue={data.filters.to} />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <BookingsTable
        bookings={data.bookings}
        timeZone={data.timeZone}
        defaultMeetingLink={data.defaultMeetingLink}
        busy={navigation.state === "loading"}
      />
    </div>
  );
}
