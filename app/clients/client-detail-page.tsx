import { Archive, ArrowLeft, CalendarPlus, ExternalLink, FileText, FolderPlus, Link2, Mail, Pencil, Plus, Trash2 } from "lucide-react";
import { BookingInvitationDialog } from "~/consultations/booking-invitation-dialog";
import { data, Form, Link, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { clientConsultationForm } from "~/consultations/client-consultation-form";
import {
  addClientConsultation,
  ConsultationNotFoundError,
  deleteClientConsultation,
  notifyClientOfConsultation,
  updateClientConsultation,
} from "~/consultations/client-consultations.server";
import { linkDiscoveryCallToProject } from "~/consultations/discovery-call-links.server";
import { CONSULT_TYPES, CONSULTATION_STATUSES } from "~/consultations/schema";
import { newProjectSchema } from "~/projects/project-form";
import { createProjectForClient } from "~/projects/projects.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { DEFAULT_TIER_CATALOG, TIER_IDS } from "~/settings/tier-catalog";
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
import { Button, buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { formatDate, formatDateTime } from "~/ui/date-format";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { redirectWithToast } from "~/ui/flash.server";
import { FormField } from "~/ui/form-field";
import { checkForm, type FieldErrors } from "~/forms/form-result";
import { Input } from "~/ui/input";
import { formatCents } from "~/ui/money-format";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { Textarea } from "~/ui/textarea";
import { DataTable } from "~/ui/data-table";
import { useFormDialog } from "~/forms/use-form-action";
import type { Route } from "./+types/client-detail-page";
import { CLIENT_STATUS_LABELS, clientNotesSchema, editClientSchema, PAYMENT_STATUS_LABELS } from "./client-form";
import { getClientDetail } from "./client-detail.server";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";
import { archiveClient, deleteClient, saveClientNotes, updateClient } from "./clients.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded && "client" in loaded && loaded.client ? loaded.client.client.name : "Client"} | Admin` },
];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Today's date in the business time zone (yyyy-MM-dd), to tell upcoming consultations from past ones. */
function businessToday(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getOrganizationSettings();
  const clientId = params.clientId ?? "";
  const client = uuidPattern.test(clientId) ? await getClientDetail(clientId, businessToday(settings.timezone)) : undefined;
  if (!client) return data({ client: null, timeZone: settings.timezone }, { status: 404 });
  return { client, timeZone: settings.timezone };
}

type DetailActionResult = { ok: false; intent: string; fieldErrors: FieldErrors; values: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientId = params.clientId ?? "";
  if (!uuidPattern.test(clientId)) throw data("Client not found", { status: 404 });
  const here = `/admin/clients/${clientId}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const invalid = (fieldErrors: FieldErrors, values: Record<string, string>) =>
    data<DetailActionResult>({ ok: false, intent, fieldErrors, values }, { status: 400 });

  switch (intent) {
    case "update": {
      const checked = checkForm(editClientSchema, form);
      if (!checked.ok) return invalid(checked.fieldErrors, checked.values);
      const updated = await updateClient(clientId, checked.data);
      return updated
        ? redirectWithToast(here, { type: "success", title: "Client updated successfully" })
        : redirectWithToast("/admin/clients", { type: "error", title: "Error", description: "This client no longer exists." });
    }
    case "notes": {
      const checked = checkForm(clientNotesSchema, form);
      if (!checked.ok) return invalid(checked.fieldErrors, checked.values);
      await saveClientNotes(clientId, checked.data.notes);
      return redirectWithToast(here, { type: "success", title: "Notes saved" });
    }
    case "delete": {
      const result = await deleteClient(clientId);
      if (result.outcome === "deleted") {
        return redirectWithToast("/admin/clients", { type: "success", title: "Client deleted successfully" });
      }
      if (result.outcome === "has_invoices") {
        return redirectWithToast(here, {
          type: "error",
          title: "Failed to delete client",
          description: `${result.client.name} has ${result.invoiceCount} invoice(s), which must be kept. Archive the client instead.`,
        });
      }
      return redirectWithToast("/admin/clients", { type: "error", title: "Failed to delete client", description: "This client no longer exists." });
    }
    case "archive": {
      const archived = await archiveClient(clientId);
      return archived
        ? redirectWithToast(here, { type: "success", title: "Client archived", description: `${archived.name} is archived; their invoices and history are kept.` })
        : redirectWithToast("/admin/clients", { type: "error", title: "Error", description: "This client no longer exists." });
    }
    case "create-project": {
      const checked = checkForm(newProjectSchema, form);
      if (!checked.ok) return invalid(checked.fieldErrors, checked.values);
      try {
        const project = await createProjectForClient(clientId, checked.data);
        return redirectWithToast(`${here}?tab=projects`, {
          type: "success",
          title: "Project created successfully",
          description: `${project.name} (${project.projectNumber})`,
        });
      } catch (error) {
        console.warn("Project creation failed:", error);
        return redirectWithToast(here, { type: "error", title: "Failed to create project" });
      }
    }
    case "link-booking": {
      const bookingId = String(form.get("bookingId") ?? "");
      const projectId = String(form.get("projectId") ?? "");
      if (!projectId) return invalid({ projectId: "Please select a project" }, { bookingId, projectId });
      if (!uuidPattern.test(bookingId) || !uuidPattern.test(projectId)) {
        return redirectWithToast(here, { type: "error", title: "Failed to link booking to project" });
      }
      const result = await linkDiscoveryCallToProject(clientId, bookingId, projectId);
      if (result.outcome === "linked") {
        return redirectWithToast(here, { type: "success", title: "Discovery call linked to project successfully" });
      }
      return redirectWithToast(here, {
        type: "error",
        title: "Failed to link booking to project",
        description: result.outcome === "already_linked" ? "This discovery call is already linked to a project." : "The call or the project no longer exists.",
      });
    }
    case "add-consultation":
    case "update-consultation": {
      const checked = checkForm(clientConsultationForm, form);
      if (!checked.ok) return invalid(checked.fieldErrors, checked.values);
      const consultationId = String(form.get("consultationId") ?? "");
      const adding = intent === "add-consultation";
      const back = `${here}?tab=consultations`;
      try {
        if (adding) await addClientConsultation(clientId, checked.data);
        else if (uuidPattern.test(consultationId)) await updateClientConsultation(clientId, consultationId, checked.data);
        else throw new ConsultationNotFoundError();
      } catch (error) {
        if (!(error instanceof ConsultationNotFoundError)) console.warn("Consultation save failed:", error);
        return redirectWithToast(back, {
          type: "error",
          title: adding ? "Failed to add consultation" : "Failed to update consultation",
          description: error instanceof ConsultationNotFoundError ? error.message : undefined,
        });
      }
      return redirectWithToast(back, {
        type: "success",
        title: adding ? "Consultation added successfully" : "Consultation updated successfully",
      });
    }
    case "delete-consultation":
    case "notify-consultation": {
      const consultationId = String(form.get("consultationId") ?? "");
      const deleting = intent === "delete-consultation";
      const back = `${here}?tab=consultations`;
      try {
        if (!uuidPattern.test(consultationId)) throw new ConsultationNotFoundError();
        if (deleting) await deleteClientConsultation(clientId, consultationId);
        else await notifyClientOfConsultation(clientId, consultationId, admin.id);
      } catch (error) {
        if (!(error instanceof ConsultationNotFoundError)) console.warn("Consultation action failed:", error);
        return redirectWithToast(back, {
          type: "error",
          title: deleting ? "Failed to delete consultation" : "Failed to send notification email",
          description: error instanceof ConsultationNotFoundError ? error.message : undefined,
        });
      }
      return redirectWithToast(back, {
        type: "success",
        title: deleting ? "Consultation deleted successfully" : "Notification email sent",
      });
    }
    default:
      throw data("Unknown action", { status: 400 });
  }
}

type LoadedClient = NonNullable<Awaited<ReturnType<typeof getClientDetail>>>;

const tierName = (tier: string) => DEFAULT_TIER_CATALOG.find((entry) => entry.tier === tier)?.name ?? `Tier ${tier}`;
const statusVariant = (status: string) =>
  status === "active" || status === "paid" || status === "completed" || status === "confirmed"
    ? ("success" as const)
    : status === "archived" || status === "cancelled" || status === "refunded"
      ? ("secondary" as const)
      : status === "unpaid" || status === "overdue"
        ? ("destructive" as const)
        : ("outline" as const);
const humanize = (value: string) => value.replace(/_/g, " ");

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function EditClientDialog({ client }: { client: LoadedClient["client"] }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog<DetailActionResult>();
  const value = (name: keyof typeof client, fallback: string | null) => values[name] ?? fallback ?? "";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit Client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Client</DialogTitle>
          <DialogDescription>Contact details, tier and statuses of {client.name}.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="update" />
          <FormField label="Name" name="name" required error={errors.name}>
            <Input defaultValue={value("name", client.name)} maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" required error={errors.email}>
            <Input type="email" defaultValue={value("email", client.email)} maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" error={errors.phone}>
            <Input type="tel" defaultValue={value("phone", client.phone)} maxLength={40} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Tier" name="tier" required error={errors.tier}>
              <NativeSelect defaultValue={value("tier", client.tier)}>
                {TIER_IDS.map((tier) => (
                  <NativeSelectOption key={tier} value={tier}>
                    Tier {tier} – {tierName(tier)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Status" name="status" required error={errors.status}>
              <NativeSelect defaultValue={value("status", client.status)}>
                {CLIENT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {CLIENT_STATUS_LABELS[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Payment status" name="paymentStatus" required error={errors.paymentStatus}>
              <NativeSelect defaultValue={value("paymentStatus", client.paymentStatus)}>
                {PAYMENT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {PAYMENT_STATUS_LABELS[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label="Project link" name="projectLink" error={errors.projectLink} description="The live or staging site, e.g. https://example.com">
            <Input type="url" defaultValue={value("projectLink", client.projectLink)} maxLength={500} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save Changes"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Delete asks first; a client with invoices cannot be deleted, so the dialog says why and offers Archive. */
function DeleteClientDialog({ client, invoiceCount }: { client: LoadedClient["client"]; invoiceCount: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const blocked = invoiceCount > 0;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{blocked ? `${client.name} can't be deleted` : `Delete ${client.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {blocked
              ? `This client has ${invoiceCount === 1 ? "1 invoice" : `${invoiceCount} invoices`}. Invoices are financial records and must be kept, so a client with invoices cannot be deleted. Archive the client instead: they leave your active lists and keep their invoices and history.`
              : "This permanently deletes the client with their projects and consultations. This action cannot be undone."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Form method="post">
            <input type="hidden" name="intent" value={blocked ? "archive" : "delete"} />
            {blocked ? (
              <AlertDialogAction type="submit" disabled={busy || client.status === "archived"}>
                <Archive aria-hidden="true" /> {client.status === "archived" ? "Already Archived" : "Archive Client"}
              </AlertDialogAction>
            ) : (
              <AlertDialogAction type="submit" variant="destructive" disabled={busy}>
                <Trash2 aria-hidden="true" /> Delete Client
              </AlertDialogAction>
            )}
          </Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function NewProjectDialog({ client }: { client: LoadedClient["client"] }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog<DetailActionResult>();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <FolderPlus aria-hidden="true" /> New Project
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Project</DialogTitle>
          <DialogDescription>A project for {client.name}; it starts as not started.</DialogDescription>
        </DialogHeader>
        {/* noValidate: the server's message ('Please enter a project name') is the one users see. */}
        <fetcher.Form method="post" className="grid gap-4" noValidate key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="create-project" />
          <FormField label="Project name" name="name" required error={errors.name}>
            <Input defaultValue={values.name} maxLength={200} placeholder="e.g. Catering website" />
          </FormField>
          <FormField label="Tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? client.tier}>
              {TIER_IDS.map((tier) => (
                <NativeSelectOption key={tier} value={tier}>
                  Tier {tier} – {tierName(tier)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create Project"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function LinkToProjectDialog({ bookingId, projects }: { bookingId: string; projects: LoadedClient["projects"] }) {
  const { fetcher, open, setOpen, busy, errors } = useFormDialog<DetailActionResult>();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Link2 aria-hidden="true" /> Link to Project
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link to Project</DialogTitle>
          <DialogDescription>A discovery call is linked to one project, once.</DialogDescription>
        </DialogHeader>
        {projects.length === 0 ? (
          <p className="text-sm text-muted-foreground">This client has no projects yet. Create one in the Projects tab first.</p>
        ) : (
          <fetcher.Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="link-booking" />
            <input type="hidden" name="bookingId" value={bookingId} />
            <FormField label="Project" name="projectId" required error={errors.projectId}>
              <NativeSelect defaultValue="">
                <NativeSelectOption value="">Choose a project</NativeSelectOption>
                {projects.map((project) => (
                  <NativeSelectOption key={project.id} value={project.id}>
                    {project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                Link
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

type ClientConsultation = LoadedClient["consultations"][number];

/** Add Consultation, or Edit on a row: one form for both. */
function ConsultationDialog({ consultation, projects }: { consultation?: ClientConsultation; projects: LoadedClient["projects"] }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog<DetailActionResult>();
  const value = (name: string, fallback: string | null | undefined) => values[name] ?? fallback ?? "";
  const editing = Boolean(consultation);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {editing ? (
          <Button size="sm" variant="ghost" aria-label="Edit consultation">
            <Pencil aria-hidden="true" />
          </Button>
        ) : (
          <Button size="sm">
            <CalendarPlus aria-hidden="true" /> Add Consultation
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Consultation" : "Add Consultation"}</DialogTitle>
          <DialogDescription>Date and times are in your business time zone.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value={editing ? "update-consultation" : "add-consultation"} />
          {consultation ? <input type="hidden" name="consultationId" value={consultation.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Type" name="consultType" required error={errors.consultType}>
              <NativeSelect defaultValue={value("consultType", consultation?.consultType ?? "initial")}>
                {CONSULT_TYPES.map((type) => (
                  <NativeSelectOption key={type} value={type}>
                    {type === "initial" ? "Initial" : "Follow-up"}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Status" name="status" required error={errors.status}>
              <NativeSelect defaultValue={value("status", consultation?.status ?? "scheduled")}>
                {CONSULTATION_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {status}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Date" name="scheduledDate" required error={errors.scheduledDate}>
              <Input type="date" defaultValue={value("scheduledDate", consultation?.scheduledDate)} />
            </FormField>
            <FormField label="Start" name="scheduledStartTime" error={errors.scheduledStartTime}>
              <Input type="time" defaultValue={value("scheduledStartTime", consultation?.scheduledStartTime?.slice(0, 5))} />
            </FormField>
            <FormField label="End" name="scheduledEndTime" error={errors.scheduledEndTime}>
              <Input type="time" defaultValue={value("scheduledEndTime", consultation?.scheduledEndTime?.slice(0, 5))} />
            </FormField>
          </div>
          <FormField label="Project" name="projectId" error={errors.projectId}>
            <NativeSelect defaultValue={value("projectId", consultation?.projectId)}>
              <NativeSelectOption value="">No project</NativeSelectOption>
              {projects.map((project) => (
                <NativeSelectOption key={project.id} value={project.id}>
                  {project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Meeting link" name="meetingLink" error={errors.meetingLink}>
            <Input type="url" defaultValue={value("meetingLink", consultation?.meetingLink)} maxLength={500} placeholder="https://" />
          </FormField>
          <FormField label="Notes" name="notes" error={errors.notes}>
            <Textarea defaultValue={value("notes", consultation?.notes)} rows={3} maxLength={5000} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : editing ? "Save Changes" : "Add Consultation"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function ConsultationRowActions({ consultation, clientName }: { consultation: ClientConsultation; clientName: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="notify-consultation" />
        <input type="hidden" name="consultationId" value={consultation.id} />
        <Button type="submit" size="sm" variant="ghost" aria-label={`E-mail ${clientName} the consultation details`} title="Notify by e-mail">
          <Mail aria-hidden="true" />
        </Button>
      </Form>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="ghost" aria-label="Delete consultation">
            <Trash2 aria-hidden="true" />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this consultation?</AlertDialogTitle>
            <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Form method="post">
              <input type="hidden" name="intent" value="delete-consultation" />
              <input type="hidden" name="consultationId" value={consultation.id} />
              <AlertDialogAction type="submit" variant="destructive">
                Delete
              </AlertDialogAction>
            </Form>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function NotesCard({ notes }: { notes: string | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "notes";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Internal Notes</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-3" preventScrollReset>
          <input type="hidden" name="intent" value="notes" />
          <label htmlFor="client-notes" className="sr-only">
            Internal notes
          </label>
          <Textarea
            id="client-notes"
            name="notes"
            key={notes ?? ""}
            defaultValue={notes ?? ""}
            rows={5}
            maxLength={20_000}
            placeholder="Only your team sees these notes."
          />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save Notes"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ClientNotFound() {
  return (
    <div className="grid place-items-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Client not found</h1>
      <p className="text-muted-foreground">This client does not exist or was deleted.</p>
      <Link to="/admin/clients" className={buttonVariants()}>
          <ArrowLeft aria-hidden="true" /> Back to Clients
        </Link>
    </div>
  );
}

const TABS = ["projects", "invoices", "consultations"] as const;

export default function ClientDetailPage() {
  const { client: detail, timeZone } = useLoaderData<typeof loader>();
  // The open tab is in the URL, so a reload or an action's redirect comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  if (!detail) return <ClientNotFound />;
  const { client, lead, projects, invoices, consultations, discoveryCalls, stats, ownInvoiceCount } = detail;
  const tab = TABS.find((name) => name === searchParams.get("tab")) ?? "projects";

  return (
    <div className="grid gap-6">
      <div>
        <Link to="/admin/clients" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Clients
        </Link>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{client.name}</h1>
          <div className="flex flex-wrap gap-2">
            <Badge variant={statusVariant(client.status)}>{CLIENT_STATUS_LABELS[client.status]}</Badge>
            <Badge variant={statusVariant(client.paymentStatus)}>Payment: {PAYMENT_STATUS_LABELS[client.paymentStatus]}</Badge>
            <Badge variant="outline">
              Tier {client.tier} – {tierName(client.tier)}
            </Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <EditClientDialog client={client} />
          <BookingInvitationDialog leadId={client.leadId ?? undefined} clientId={client.id} name={client.name} />
          <DeleteClientDialog client={client} invoiceCount={ownInvoiceCount} />
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Contact Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <InfoRow label="Email">
                <a href={`mailto:${client.email}`} className="text-primary hover:underline">
                  {client.email}
                </a>
              </InfoRow>
              <InfoRow label="Phone">
                {client.phone ? (
                  <a href={`tel:${client.phone}`} className="hover:underline">
                    {client.phone}
                  </a>
                ) : (
                  "—"
                )}
              </InfoRow>
              <InfoRow label="Client since">{formatDate(client.createdAt, timeZone)}</InfoRow>
              <InfoRow label="Came from">
                {lead ? (
                  <Link to={`/admin/leads?q=${encodeURIComponent(client.email)}`} className="text-primary hover:underline">
                    Lead ({lead.source})
                  </Link>
                ) : (
                  "Added by hand"
                )}
              </InfoRow>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Status Overview</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <InfoRow label="Status">{CLIENT_STATUS_LABELS[client.status]}</InfoRow>
              <InfoRow label="Payment">{PAYMENT_STATUS_LABELS[client.paymentStatus]}</InfoRow>
              <InfoRow label="Tier">
                {client.tier} – {tierName(client.tier)}
              </InfoRow>
              <InfoRow label="Project link">
                {client.projectLink ? (
                  <a href={client.projectLink} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-primary hover:underline">
                    View site <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                ) : (
                  "—"
                )}
              </InfoRow>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Consultation Stats</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <InfoRow label="Total consultations">{stats.total}</InfoRow>
              <InfoRow label="Completed">{stats.completed}</InfoRow>
              <InfoRow label="Upcoming">{stats.upcoming}</InfoRow>
              <InfoRow label="Initial consult">{stats.initialConsultCompleted ? "Completed" : "Not yet"}</InfoRow>
            </dl>
          </CardContent>
        </Card>
      </div>

      <NotesCard notes={client.notes} />

      <Card>
        <CardHeader>
          <CardTitle>Discovery Call Bookings</CardTitle>
        </CardHeader>
        <CardContent>
          {discoveryCalls.length === 0 ? (
            <p className="text-sm text-muted-foreground">No discovery calls booked yet.</p>
          ) : (
            <ul className="divide-y">
              {discoveryCalls.map((call) => {
                const linkedProject = projects.find((project) => project.id === call.projectId);
                return (
                  <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="grid gap-1 text-sm">
                      <span className="font-medium">
                        {call.selectedStart ? formatDateTime(call.selectedStart, timeZone) : "No time chosen yet"}
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                        <Badge variant={statusVariant(call.status)}>{call.status}</Badge>
                        {call.meetingLink ? (
                          <a href={call.meetingLink} target="_blank" rel="noreferrer noopener" className="text-primary hover:underline">
                            Meeting link
                          </a>
                        ) : null}
                      </span>
                      {call.adminNotes ? <span className="whitespace-pre-line text-muted-foreground">{call.adminNotes}</span> : null}
                    </div>
                    {call.projectId ? (
                      <span className="text-sm text-muted-foreground">
                        Linked to project{" "}
                        {linkedProject ? (
                          <Link to={`/admin/projects/${linkedProject.id}`} className="text-primary hover:underline">
                            {linkedProject.name ?? linkedProject.projectNumber}
                          </Link>
                        ) : null}
                      </span>
                    ) : (
                      <LinkToProjectDialog bookingId={call.id} projects={projects} />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <Tabs
        value={tab}
        onValueChange={(next) => setSearchParams({ tab: next }, { replace: true, preventScrollReset: true })}
      >
        <TabsList>
          <TabsTrigger value="projects">Projects ({projects.length})</TabsTrigger>
          <TabsTrigger value="invoices">Invoices ({invoices.length})</TabsTrigger>
          <TabsTrigger value="consultations">Consultations ({consultations.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="projects" className="grid gap-3">
          <div className="flex justify-end">
            <NewProjectDialog client={client} />
          </div>
          <DataTable
            label="Projects"
            rows={projects}
            getRowId={(project) => project.id}
            emptyMessage="No projects yet."
            columns={[
              {
                id: "project",
                header: "Project",
                className: "font-medium",
                cell: (project) => (
                  <Link to={`/admin/projects/${project.id}`} className="text-primary hover:underline">
                    {project.name ?? project.projectNumber}
                  </Link>
                ),
              },
              { id: "number", header: "Number", cell: (project) => project.projectNumber },
              { id: "tier", header: "Tier", cell: (project) => project.tier },
              {
                id: "status",
                header: "Status",
                cell: (project) => (
                  <Badge variant={project.status === "complete" ? "success" : "outline"}>
                    {project.status === "complete" ? "completed" : humanize(project.status)}
                  </Badge>
                ),
              },
              {
                id: "deadline",
                header: "Deadline",
                cell: (project) => (project.deliveryDeadline ? formatDate(`${project.deliveryDeadline}T12:00:00Z`, "UTC") : "—"),
              },
            ]}
          />
        </TabsContent>
        <TabsContent value="invoices" className="grid gap-3">
          <div className="flex justify-end">
            <Link to={`/admin/invoices?client=${client.id}`} className={buttonVariants({ size: "sm" })}>
                <Plus aria-hidden="true" /> Create Invoice
              </Link>
          </div>
          <DataTable
            label="Invoices"
            rows={invoices}
            getRowId={(invoice) => invoice.id}
            emptyMessage="No invoices yet."
            columns={[
              {
                id: "invoice",
                header: "Invoice",
                className: "font-medium",
                cell: (invoice) => (
                  <Link to={`/admin/invoices/${invoice.id}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                    <FileText className="size-4" aria-hidden="true" /> {invoice.invoiceNumber}
                  </Link>
                ),
              },
              { id: "project", header: "Project", cell: (invoice) => invoice.projectNumber ?? "—" },
              { id: "status", header: "Status", cell: (invoice) => <Badge variant={statusVariant(invoice.status)}>{invoice.status}</Badge> },
              { id: "promoCode", header: "Promo code", className: "font-mono text-xs", cell: (invoice) => invoice.promoCode ?? "—" },
              { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
              { id: "created", header: "Created", cell: (invoice) => formatDate(invoice.createdAt, timeZone) },
            ]}
          />
        </TabsContent>
        <TabsContent value="consultations" className="grid gap-3">
          <div className="flex justify-end">
            <ConsultationDialog projects={projects} />
          </div>
          <DataTable
            label="Consultations"
            rows={consultations}
            getRowId={(consultation) => consultation.id}
            emptyMessage="No consultations yet."
            columns={[
              {
                id: "date",
                header: "Date",
                cell: (consultation) =>
                  consultation.scheduledDate ? formatDate(`${consultation.scheduledDate}T12:00:00Z`, "UTC") : "—",
              },
              {
                id: "time",
                header: "Time",
                cell: (consultation) =>
                  consultation.scheduledStartTime
                    ? `${consultation.scheduledStartTime.slice(0, 5)}${consultation.scheduledEndTime ? `–${consultation.scheduledEndTime.slice(0, 5)}` : ""}`
                    : "—",
              },
              { id: "type", header: "Type", cell: (consultation) => consultation.consultType },
              {
                id: "status",
                header: "Status",
                cell: (consultation) => <Badge variant={statusVariant(consultation.status)}>{consultation.status}</Badge>,
              },
              { id: "project", header: "Project", cell: (consultation) => consultation.projectLabel ?? "—" },
              {
                id: "meeting",
                header: "Meeting",
                cell: (consultation) =>
                  consultation.meetingLink ? (
                    <a href={consultation.meetingLink} target="_blank" rel="noreferrer noopener" className="text-primary hover:underline">
                      Join
                    </a>
                  ) : (
                    "—"
                  ),
              },
              {
                id: "actions",
                header: "Actions",
                srOnlyHeader: true,
                cell: (consultation) => (
                  <div className="flex justify-end gap-1">
                    <ConsultationDialog consultation={consultation} projects={projects} />
                    <ConsultationRowActions consultation={consultation} clientName={client.name} />
                  </div>
                ),
              },
            ]}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
