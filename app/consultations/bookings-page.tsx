import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView, readListView, readPageCursors } from "~/lists/list-view";
import { getOrganizationSettings } from "~/organization/settings.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/bookings-page";
import { BOOKING_LIST_VIEW } from "./booking-list-view";
import { BOOKING_STATUS_LABELS } from "./booking-status";
import { bookingColumns } from "./bookings-table";
import { cancelBooking } from "./cancel-booking.server";
import { completeBooking } from "./complete-booking.server";
import { confirmBooking } from "./confirm-booking.server";
import { listBookings } from "./booking-lists.server";
import { proposeLocalTimes } from "./propose-new-times.server";
import { bookingIdForm, confirmBookingForm, proposeTimesForm } from "./consultation-forms";
import { CONSULTATION_BOOKING_STATUSES } from "./schema";
import { pageAddress } from "~/http/page-address";

export const meta: Route.MetaFunction = () => [{ title: "Consultation Bookings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readListView(url.searchParams, BOOKING_LIST_VIEW);
  const settings = await getOrganizationSettings();
  const page = await listBookings({ filters: view, timeZone: settings.timezone, page: readPageCursors(url.searchParams) });
  return {
    bookings: page.rows.map((booking) => ({
      id: booking.id,
      status: booking.status,
      lead: booking.lead,
      selectedStart: booking.selectedStart,
      meetingLink: booking.meetingLink,
      proposedSlots: booking.proposedSlots,
    })),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    view,
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
  const here = pageAddress(request);
  return answerAdminForm(
    request,
    ({ actor }) => ({
      confirm: async (form) => {
        const input = parseForm(confirmBookingForm, form);
        await confirmBooking({ actor, bookingId: input.bookingId, meetingLink: input.meetingLink });
        return redirectWithToast(here, { type: "success", title: "Consultation confirmed and email sent!" });
      },
      propose: async (form) => {
        const input = parseForm(proposeTimesForm, form);
        await proposeLocalTimes({ actor, bookingId: input.bookingId, localStarts: input.start });
        return redirectWithToast(here, { type: "success", title: "New times proposed and email sent!" });
      },
      complete: async (form) => {
        await completeBooking({ actor, bookingId: parseForm(bookingIdForm, form).bookingId });
        return redirectWithToast(here, { type: "success", title: "Marked as completed" });
      },
      cancel: async (form) => {
        await cancelBooking({ actor, bookingId: parseForm(bookingIdForm, form).bookingId });
        return redirectWithToast(here, { type: "success", title: "Booking cancelled" });
      },
    }),
    { failureTitles: BOOKING_FAILURE_TITLES },
  );
}

const STATUS_FILTER = [
  {
    name: "status",
    label: "Status",
    allLabel: "All statuses",
    options: CONSULTATION_BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] })),
  },
] as const;

const DAY_FILTERS = [
  { name: "from", label: "From" },
  { name: "to", label: "To" },
] as const;

export default function BookingsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Consultation Bookings"
      description={`Every booking, with times in ${data.timeZone}.`}
      table={{
        label: "Consultation bookings",
        tableId: "bookings",
        rows: data.bookings,
        columns: bookingColumns({ timeZone: data.timeZone, defaultMeetingLink: data.defaultMeetingLink }),
      }}
      empty={{ none: "No bookings yet.", filtered: "No bookings match these filters.", isFiltered: isFilteredView(data.view, BOOKING_LIST_VIEW) }}
      pager={{ previousCursor: data.previousCursor, nextCursor: data.nextCursor }}
    >
      <ListFilters label="Filter bookings" view={data.view} selects={STATUS_FILTER} days={DAY_FILTERS} />
    </ListPage>
  );
}

