import { listParam, type ListView, listInOneOrder } from "~/lists/list-view";
import { CONSULTATION_BOOKING_STATUSES } from "./schema";

/** What /admin/bookings shows, read from the URL: `status`, the booked days `from` and `to`, the page; newest first. */
const BOOKING_LIST_FILTERS = {
  status: listParam.oneOf(CONSULTATION_BOOKING_STATUSES),
  from: listParam.day(),
  to: listParam.day(),
};

export const BOOKING_LIST_VIEW = listInOneOrder(BOOKING_LIST_FILTERS, "created", "desc");

export type BookingListView = ListView<typeof BOOKING_LIST_FILTERS, "created">;
