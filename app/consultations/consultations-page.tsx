import { Copy, ExternalLink, Pencil, RefreshCw, Search, Send, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, Link, useFetcher, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { config } from "~/config.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { StatCard } from "~/ui/stat-card";
import { Button, buttonVariants } from "~/ui/button";
import { formatDate, formatDateTime } from "~/ui/date-format";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { redirectWithToast } from "~/ui/flash.server";
import { checkForm } from "~/forms/form-result";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/toaster";
import type { Route } from "./+types/consultations-page";
import type { InvitationActionResult } from "./booking-invitations-route";
import { BookingInvitationDialog, useInvitationAnswerToast } from "./booking-invitation-dialog";
import { BOOKING_STATUS_LABELS } from "./booking-status";
import { listBookings, listInvitableLeads } from "./bookings.server";
import { CONSULTATION_FILTERS, consultationForm } from "./consultation-forms";
import { deleteConsultation, listConsultations, updateConsultation } from "./consultations.server";
import { CONSULTATION_STATUSES } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Consultations & Bookings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const status = (CONSULTATION_FILTERS as readonly string[]).includes(url.searchParams.get("status") ?? "") ? (url.searchParams.get("status") ?? "all") : "all";
  const settings = await getOrganizationSettings();
  const consultationStatus = ["scheduled", "completed", "cancelled"].includes(status) ? status : status === "all" ? null : "none";
  const bookingStatus = ["pending", "confirmed", "completed", "cancelled"].includes(status) ? status : status === "all" ? "all" : "none";
  const [consultations, bookings, invitableLeads] = await Promise.all([
    consultationStatus === "none" ? [] : listConsultations({ search, status: consultationStatus }),
    bookingStatus === "none"
      ? []
      : listBookings({ search, status: bookingStatus as "all" | "pending" | "confirmed" | "completed" | "cancelled" }, settings.timezone),
    listInvitableLeads(),
  ]);
  const now = Date.now();
  return {
    search,
    status,
    timeZone: settings.timezone,
    origin: config().publicUrl,
    tab: url.searchParams.get("tab") === "invitations" ? "invitations" : "scheduled",
    consultations,
    invitableLeads,
    bookings: bookings.map((booking) => ({
      id: booking.id,
      status: booking.status,
      token: booking.bookingToken,
      createdAt: booking.createdAt,
      selectedStart: booking.selectedStart,
      windowDays: booking.windowDays,
      lead: booking.lead,
    })),
    tiles: {
      total: consultations.length + bookings.length,
      completed: consultations.filter((row) => row.status === "completed").length + bookings.filter((row) => row.status === "completed").length,
      upcoming:
        consultations.filter((row) => row.status === "scheduled").length +
        bookings.filter((row) => (row.status === "pending" || row.status === "confirmed") && row.selectedStart && row.selectedStart.getTime() > now).length,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  if (form.get("intent") === "delete-consultation") {
    const id = String(form.get("consultationId") ?? "");
    if (!/^[0-9a-f-]{36}$/.test(id)) return redirectWithToast(here, { type: "error", title: "Failed to delete consultation" });
    await deleteConsultation(id);
    return redirectWithToast(here, { type: "success", title: "Consultation deleted successfully" });
  }
  const check = checkForm(consultationForm, form);
  if (!check.ok) {
    return redirectWithToast(here, {
      type: "error",
      title: "Failed to update consultation",
      description: Object.values(check.fieldErrors).filter(Boolean).join(" "),
    });
  }
  const { consultationId, ...update } = check.data;
  await updateConsultation(consultationId, update);
  return redirectWithToast(here, { type: "success", title: "Consultation updated successfully" });
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function ConsultationsPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
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
        {(
          [
            ["Total", data.tiles.total],
            ["Completed", data.tiles.completed],
            ["Upcoming", data.tiles.upcoming],
          ] as const
        ).map(([label, value]) => (
          <StatCard key={label} label={label} value={value} />
        ))}
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
        <TabsContent value="scheduled" aria-busy={navigation.state === "loading"}>
          <ConsultationTable data={data} />
        </TabsContent>
        <TabsContent value="invitations" aria-busy={navigation.state === "loading"} className="grid gap-3">
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
          <InvitationTable data={data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ConsultationTable({ data }: { data: LoaderData }) {
  return (
    <div className="rounded-lg border bg-background">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Client</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Time</TableHead>
            <TableHead>Project</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.consultations.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                No consultations found.
              </TableCell>
            </TableRow>
          ) : (
            data.consultations.map((consultation) => (
              <TableRow key={consultation.id}>
                <TableCell>
                  <Link className="font-medium underline-offset-4 hover:underline" to={`/admin/clients/${consultation.client.id}`}>
                    {consultation.client.name}
                  </Link>
                  <div className="text-xs text-muted-foreground">{consultation.client.email}</div>
                </TableCell>
                <TableCell>{consultation.consultType}</TableCell>
                <TableCell>{consultation.scheduledDate ?? "—"}</TableCell>
                <TableCell>
                  {consultation.scheduledStartTime ? `${consultation.scheduledStartTime.slice(0, 5)}–${consultation.scheduledEndTime?.slice(0, 5) ?? ""}` : "—"}
                </TableCell>
                <TableCell>{consultation.project ? (consultation.project.name ?? consultation.project.projectNumber) : "—"}</TableCell>
                <TableCell>
                  <Badge variant="secondary">{consultation.status}</Badge>
                </TableCell>
                <TableCell className="flex gap-1">
                  <EditConsultationDialog consultation={consultation} />
                  <ConfirmDelete
                    title="Delete consultation?"
                    label={`Delete consultation with ${consultation.client.name}`}
                    fields={{ intent: "delete-consultation", consultationId: consultation.id }}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function ConfirmDelete({ title, label, fields }: { title: string; label: string; fields: Record<string, string> }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <Form method="post" preventScrollReset>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <AlertDialogAction type="submit">Delete</AlertDialogAction>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function EditConsultationDialog({ consultation }: { consultation: LoaderData["consultations"][number] }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit consultation with ${consultation.client.name}`}>
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Consultation</DialogTitle>
          <DialogDescription>{consultation.client.name}</DialogDescription>
        </DialogHeader>
        <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="consultationId" value={consultation.id} />
          <div className="grid gap-2">
            <Label htmlFor={`status-${consultation.id}`}>Status</Label>
            <NativeSelect id={`status-${consultation.id}`} name="status" defaultValue={consultation.status}>
              {CONSULTATION_STATUSES.map((status) => (
                <NativeSelectOption key={status} value={status}>
                  {status}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor={`date-${consultation.id}`}>Date</Label>
              <Input id={`date-${consultation.id}`} name="scheduledDate" type="date" defaultValue={consultation.scheduledDate ?? ""} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`start-${consultation.id}`}>Start</Label>
              <Input id={`start-${consultation.id}`} name="scheduledStartTime" type="time" defaultValue={consultation.scheduledStartTime?.slice(0, 5) ?? ""} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`end-${consultation.id}`}>End</Label>
              <Input id={`end-${consultation.id}`} name="scheduledEndTime" type="time" defaultValue={consultation.scheduledEndTime?.slice(0, 5) ?? ""} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`link-${consultation.id}`}>Meeting link</Label>
            <Input id={`link-${consultation.id}`} name="meetingLink" type="url" defaultValue={consultation.meetingLink ?? ""} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`notes-${consultation.id}`}>Notes</Label>
            <Textarea id={`notes-${consultation.id}`} name="notes" defaultValue={consultation.notes ?? ""} maxLength={5000} />
          </div>
          <DialogFooter>
            <Button type="submit">Save Changes</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function InvitationTable({ data }: { data: LoaderData }) {
  return (
    <div className="rounded-lg border bg-background">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Lead</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Booked time</TableHead>
            <TableHead>Sent</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.bookings.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                No booking invitations found.
              </TableCell>
            </TableRow>
          ) : (
            data.bookings.map((booking) => (
              <InvitationRow key={booking.id} booking={booking} origin={data.origin} timeZone={data.timeZone} />
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function InvitationRow({ booking, origin, timeZone }: { booking: LoaderData["bookings"][number]; origin: string; timeZone: string }) {
  const fetcher = useFetcher<InvitationActionResult>();
  const link = `${origin}/booking/${booking.token}`;
  useInvitationAnswerToast(fetcher);
  const post = (intent: "resend" | "delete") => fetcher.submit({ intent, bookingId: booking.id }, { method: "post", action: "/admin/booking-invitations" });
  return (
    <TableRow>
      <TableCell>
        <Link className="font-medium underline-offset-4 hover:underline" to={`/admin/leads?q=${encodeURIComponent(booking.lead.email)}`}>
          {booking.lead.name}
        </Link>
        <div className="text-xs text-muted-foreground">{booking.lead.email}</div>
      </TableCell>
      <TableCell>
        <Badge variant="secondary">{BOOKING_STATUS_LABELS[booking.status]}</Badge>
      </TableCell>
      <TableCell>{booking.selectedStart ? formatDateTime(booking.selectedStart, timeZone) : "Not booked yet"}</TableCell>
      <TableCell>{formatDate(booking.createdAt, timeZone)}</TableCell>
      <TableCell className="flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Copy booking link for ${booking.lead.name}`}
          onClick={() => {
            void navigator.clipboard.writeText(link).then(
              () => toast.success("Booking link copied to clipboard"),
              () => toast.error(link),
            );
          }}
        >
          <Copy aria-hidden="true" />
        </Button>
        <a href={link} target="_blank" rel="noreferrer" aria-label={`Open booking link for ${booking.lead.name}`} className={buttonVariants({ variant: "ghost", size: "icon" })}>
            <ExternalLink aria-hidden="true" />
          </a>
        <Button variant="ghost" size="icon" aria-label={`Resend invitation to ${booking.lead.name}`} onClick={() => post("resend")} disabled={fetcher.state !== "idle"}>
          <RefreshCw aria-hidden="true" />
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Delete invitation for ${booking.lead.name}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete booking invitation?</AlertDialogTitle>
              <AlertDialogDescription>
                The link stops working and any booked time is released. This action cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => post("delete")}>Delete</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </TableCell>
    </TableRow>
  );
}
