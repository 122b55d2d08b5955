import { listParam, readListView, type ListView, type ListViewSpec } from "~/lists/list-view";
import { CONSULTATION_BOOKING_STATUSES } from "./schema";

/** What /admin/bookings shows, read from the URL: `status`, the booked days `from` and `to`, the page; newest first. */
const BOOKING_LIST_FILTERS = {
  status: listParam.oneOf(CONSULTATION_BOOKING_STATUSES),
  from: listParam.day(),
  to: listParam.day(),
};

export const BOOKING_LIST_VIEW: ListViewSpec<typeof BOOKING_LIST_FILTERS, "created"> = {
  filters: BOOKING_LIST_FILTERS,
  sort: { keys: ["created"], fallback: { key: "created", direction: "desc" } },
};

export type BookingListView = ListView<typeof BOOKING_LIST_FILTERS, "created">;

export function readBookingListView(params: URLSearchParams): BookingListView {
  return readListView(params, BOOKING_LIST_VIEW);
}
