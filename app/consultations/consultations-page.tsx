import Send from "lucide-react/icons/send";
import * as React from "react";
import { Link, useLoaderData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { answerAdminForm, requireAdminSession } from "~/auth/guard.server";
import { confirmedUntil, refuseUnlessRecentlyConfirmed } from "~/auth/recent-confirmation.server";
import { config } from "~/config.server";
import { parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { DataTable, type DataTableProps } from "~/lists/data-table";
import { DataTablePager } from "~/lists/table-pager";
import { DeleteRowsDialog, type RowDeletion } from "~/lists/row-deletion";
import { FoldOnPhone } from "~/lists/list-fold";
import { ListFilters } from "~/lists/list-filters";
import { ListHeader } from "~/lists/list-header";
import { filterHref, isFilteredView, readListView, readPageCursors } from "~/lists/list-view";
import { StatCard } from "~/ui/stat-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import type { Route } from "./+types/consultations-page";
import { BookingInvitationDialog } from "./booking-invitation-dialog";
import { CalendarFeedCard } from "./calendar-feed-card";
import { findCalendarFeed, makeCalendarFeed } from "./calendar-feed.server";
import { CONSULTATION_DELETION, EditConsultationDialog, INVITATION_DELETION } from "./consultation-dialogs";
import { consultationForm, consultationsReturnToForm, deleteConsultationForm } from "./consultation-forms";
import { CONSULTATION_LIST_VIEW } from "./consultation-list-view";
import { CONSULTATION_FILTERS } from "./consultations-overview";
import { consultationColumns, invitationColumns, type ConsultationRow } from "./consultations-tables";
import { consultationsOverview, deleteConsultation, updateConsultation } from "./consultations.server";
import { pageAddress } from "~/http/page-address";

export const meta: Route.MetaFunction = () => [{ title: "Consultations & Bookings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = readListView(url.searchParams, CONSULTATION_LIST_VIEW);
  const { admin, sessionId, twoFactorEnabled } = await requireAdminSession(request);
  const [overview, feed, confirmed] = await Promise.all([
    consultationsOverview(view, readPageCursors(url.searchParams)),
    findCalendarFeed(admin.id),
    confirmedUntil(sessionId),
  ]);
  const shown = {
    view,
    origin: config().publicUrl,
    timeZone: overview.timeZone,
    tiles: overview.tiles,
    feed: feed ? { madeAt: feed.createdAt, live: feed.live } : null,
    confirmation: { confirmedUntil: confirmed, twoFactorEnabled },
  };
  if (overview.tab === "scheduled") return { ...shown, consultations: overview.consultations, invitations: null, invitableLeads: [] };
  const { rows, nextCursor, previousCursor } = overview.invitations;
  return {
    ...shown,
    consultations: null,
    invitations: {
      rows: rows.map((booking) => ({
        id: booking.id,
        status: booking.status,
        token: booking.bookingToken,
        createdAt: booking.createdAt,
        selectedStart: booking.selectedStart,
        lead: booking.lead,
      })),
      nextCursor,
      previousCursor,
    },
    invitableLeads: overview.invitableLeads,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const backTo = (form: FormData) => parseForm(consultationsReturnToForm, form).returnTo ?? pageAddress(request);
  return answerAdminForm(request, ({ actor }) => ({
    "update-consultation": async (form) => {
      const { consultationId, ...update } = parseForm(consultationForm, form);
      await updateConsultation(actor, consultationId, update);
      return redirectWithToast(backTo(form), { type: "success", title: "Consultation updated successfully" });
    },
    "delete-consultation": async (form) => {
      await deleteConsultation(actor, parseForm(deleteConsultationForm, form).consultationId);
      return redirectWithToast(backTo(form), { type: "success", title: "Consultation deleted successfully" });
    },
    // A feed outlives the session that makes it: a stolen session must not leave one behind (issue 41).
    "make-calendar-feed": async () => {
      await refuseUnlessRecentlyConfirmed(actor.sessionId ?? "");
      return { ok: true as const, intent: "make-calendar-feed", toast: "Calendar feed address made", feedUrl: await makeCalendarFeed(actor) };
    },
  }), { failureTitles: { "update-consultation": "Failed to update consultation", "delete-consultation": "Failed to delete consultation" } });
}

const STATUS_FILTER = [
  {
    name: "status",
    label: "Status",
    allLabel: "All statuses",
    options: CONSULTATION_FILTERS.map((status) => ({ value: status, label: `${status[0]?.toUpperCase() ?? ""}${status.slice(1)}` })),
  },
] as const;

export default function ConsultationsPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state === "loading";
  const [editing, setEditing] = React.useState<ConsultationRow | null>(null);
  const [deleting, setDeleting] = React.useState<{ deletion: RowDeletion; ids: string[] } | null>(null);
  const filtered = isFilteredView(data.view, CONSULTATION_LIST_VIEW);
  return (
    <div className="grid grid-cols-1 gap-6">
      <ListHeader
        title="Consultations & Bookings"
        description={
          <>
            Scheduled calls with clients and the booking links sent to leads. Manage booked times in{" "}
            <Link className="underline" to="/admin/bookings">
              Consultation Bookings
            </Link>
            .
          </>
        }
      />
      <FoldOnPhone>
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard label="Total" value={data.tiles.total} />
          <StatCard label="Completed" value={data.tiles.completed} />
          <StatCard label="Upcoming" value={data.tiles.upcoming} />
        </div>
        <ListFilters label="Filter consultations" view={data.view} search={{ placeholder: "Search by name or email" }} selects={STATUS_FILTER} keep={["tab"]} />
      </FoldOnPhone>
      {/* Each tab is its own list: another tab starts at its first page, in its own order. */}
      <Tabs value={data.view.tab} onValueChange={(tab) => void navigate(filterHref(searchParams, { tab, sort: null, dir: null }), { preventScrollReset: true })}>
        <TabsList>
          <TabsTrigger value="scheduled">Scheduled Consultations</TabsTrigger>
          <TabsTrigger value="invitations">Booking Invitations</TabsTrigger>
        </TabsList>
        <TabsContent value="scheduled" className="grid gap-3">
          <TabTable
            page={data.consultations}
            label="Scheduled consultations"
            tableId="consultations"
            columns={consultationColumns({ onEdit: setEditing, onDelete: (row) => setDeleting({ deletion: CONSULTATION_DELETION, ids: [row.id] }) })}
            sort={data.view.sort}
            emptyMessage={filtered ? "No consultations match these filters." : "No consultations yet."}
            busy={busy}
          />
        </TabsContent>
        <TabsContent value="invitations" className="grid gap-3">
          <div className="flex justify-end">
            <BookingInvitationDialog
              leadChoices={data.invitableLeads}
              opener={{ label: "Send booking invitation", icon: Send }}
            />
          </div>
          <TabTable
            page={data.invitations}
            label="Booking invitations"
            tableId="invitations"
            columns={invitationColumns({
              origin: data.origin,
              timeZone: data.timeZone,
              onDelete: (row) => setDeleting({ deletion: INVITATION_DELETION, ids: [row.id] }),
            })}
            emptyMessage={filtered ? "No booking invitations match these filters." : "No booking invitations yet."}
            busy={busy}
          />
        </TabsContent>
      </Tabs>
      <CalendarFeedCard feed={data.feed} confirmation={data.confirmation} timeZone={data.timeZone} />
      <EditConsultationDialog consultation={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteRowsDialog
        rowIds={deleting?.ids ?? null}
        deletion={deleting?.deletion ?? CONSULTATION_DELETION}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}

/** One tab's list, the page of it the loader read (none for the tab not shown), and its pager. */
function TabTable<Row>({ page, ...table }: Omit<DataTableProps<Row>, "rows" | "keyboard"> & { page: { rows: Row[]; previousCursor: string | null; nextCursor: string | null } | null }) {
  if (!page) return null;
  return (
    <>
      <DataTable {...table} rows={page.rows} keyboard />
      <DataTablePager previousCursor={page.previousCursor} nextCursor={page.nextCursor} />
    </>
  );
}
