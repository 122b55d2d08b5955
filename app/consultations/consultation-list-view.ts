import { listParam, type ListView, type ListViewSpec, listInOneOrder } from "~/lists/list-view";
import { CONSULTATION_FILTERS } from "./consultations-overview";

/**
 * What the Consultations & Bookings page shows, read from the URL: the search (`q`, a client's or
 * lead's name or e-mail), the status, the open tab, the consultations' order by date, the page.
 */
export const CONSULTATION_TABS = ["scheduled", "invitations"] as const;

const CONSULTATION_LIST_FILTERS = {
  q: listParam.search(),
  status: listParam.oneOf(CONSULTATION_FILTERS),
  tab: listParam.choice(CONSULTATION_TABS),
};

export const CONSULTATION_LIST_VIEW: ListViewSpec<typeof CONSULTATION_LIST_FILTERS, "date"> = {
  ...listInOneOrder(CONSULTATION_LIST_FILTERS, "date", "desc"),
  notNarrowing: ["tab"],
};

export type ConsultationListView = ListView<typeof CONSULTATION_LIST_FILTERS, "date">;
