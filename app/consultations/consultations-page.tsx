import { Search, Send } from "lucide-react";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { config } from "~/config.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { Button } from "~/ui/button";
import { redirectWithToast } from "~/forms/flash.server";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { StatCard } from "~/ui/stat-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import type { Route } from "./+types/consultations-page";
import { BookingInvitationDialog } from "./booking-invitation-dialog";
import { CONSULTATION_FILTERS, consultationForm, deleteConsultationForm } from "./consultation-forms";
import { ConsultationTable, InvitationTable } from "./consultations-tables";
import { readConsultationFilter } from "./consultations-overview";
import { consultationsOverview, deleteConsultation, updateConsultation } from "./consultations.server";

export const meta: Route.MetaFunction = () => [{ title: "Consultations & Bookings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const status = readConsultationFilter(url.searchParams.get("status"));
  const overview = await consultationsOverview({ search, status });
  return {
    search,
    status,
    timeZone: overview.timeZone,
    origin: config().publicUrl,
    tab: url.searchParams.get("tab") === "invitations" ? "invitations" : "scheduled",
    consultations: overview.consultations,
    invitableLeads: overview.invitableLeads,
    bookings: overview.bookings.map((booking) => ({
      id: booking.id,
      status: booking.status,
      token: booking.bookingToken,
      createdAt: booking.createdAt,
      selectedStart: booking.selectedStart,
      lead: booking.lead,
    })),
    tiles: overview.tiles,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  return answerForm(request, {
    "update-consultation": async (form) => {
      const { consultationId, ...update } = parseForm(consultationForm, form);
      await updateConsultation(consultationId, update);
      return redirectWithToast(here, { type: "success", title: "Consultation updated successfully" });
    },
    "delete-consultation": async (form) => {
      await deleteConsultation(parseForm(deleteConsultationForm, form).consultationId);
      return redirectWithToast(here, { type: "success", title: "Consultation deleted successfully" });
    },
  });
}

export default function ConsultationsPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Consultations &amp; Bookings</h1>
        <p className="text-muted-foreground">
          Scheduled calls with clients and the booking links sent to leads. Manage booked times in{" "}
          <Link className="underline" to="/admin/bookings">
            Consultation Bookings
          </Link>
          .
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total" value={data.tiles.total} />
        <StatCard label="Completed" value={data.tiles.completed} />
        <StatCard label="Upcoming" value={data.tiles.upcoming} />
      </div>
      <Form method="get" role="search" className="flex flex-wrap gap-2">
        <input type="hidden" name="tab" value={data.tab} />
        <label htmlFor="consultation-search" className="sr-only">
          Search by name or email
        </label>
        <Input id="consultation-search" name="q" type="search" defaultValue={data.search} placeholder="Search by name or email" className="max-w-sm" maxLength={200} />
        <label htmlFor="consultation-status" className="sr-only">
          Status
        </label>
        <NativeSelect id="consultation-status" name="status" defaultValue={data.status} wrapperClassName="w-44">
          {CONSULTATION_FILTERS.map((status) => (
            <NativeSelectOption key={status} value={status}>
              {status === "all" ? "All statuses" : status[0]?.toUpperCase() + status.slice(1)}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      <Tabs
        value={data.tab}
        onValueChange={(tab) => {
          const next = new URLSearchParams(searchParams);
          next.set("tab", tab);
          setSearchParams(next, { preventScrollReset: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="scheduled">Scheduled Consultations</TabsTrigger>
          <TabsTrigger value="invitations">Booking Invitations</TabsTrigger>
        </TabsList>
        <TabsContent value="scheduled">
          <ConsultationTable consultations={data.consultations} busy={busy} />
        </TabsContent>
        <TabsContent value="invitations" className="grid gap-3">
          <div className="flex justify-end">
            <BookingInvitationDialog
              leadChoices={data.invitableLeads}
              trigger={
                <Button size="sm">
                  <Send aria-hidden="true" /> Send booking invitation
                </Button>
              }
            />
          </div>
          <InvitationTable invitations={data.bookings} origin={data.origin} timeZone={data.timeZone} busy={busy} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
