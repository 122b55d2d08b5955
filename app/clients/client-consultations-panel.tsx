import { CalendarPlus, Mail, Pencil, Trash2 } from "lucide-react";
import { CONSULT_TYPES, CONSULTATION_STATUSES } from "~/consultations/schema";
import { useFormAction, useFormDialog } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DataTable } from "~/lists/data-table";
import { formatDate } from "~/formatting/dates";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { ClientDetail } from "./client-detail.server";
import { statusVariant } from "./client-display";

// The client page's Consultations tab: add, edit, e-mail and delete (each an intent of the page's action).

type ClientConsultation = ClientDetail["consultations"][number];
type Projects = ClientDetail["projects"];

const projectOption = (project: Projects[number]) => (project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber);

/** Add Consultation, or Edit on a row: one form for both. */
function ConsultationDialog({ consultation, projects }: { consultation?: ClientConsultation; projects: Projects }) {
  const editing = Boolean(consultation);
  const intent = editing ? "update-consultation" : "add-consultation";
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog({ intent });
  const value = (name: string, fallback: string | null | undefined) => values[name] ?? fallback ?? "";
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
        <fetcher.Form method="post" className="grid gap-4" noValidate key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value={intent} />
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
                  {projectOption(project)}
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

function NotifyConsultationButton({ consultation, clientName }: { consultation: ClientConsultation; clientName: string }) {
  const { fetcher, busy } = useFormAction({ intent: "notify-consultation" });
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="notify-consultation" />
      <input type="hidden" name="consultationId" value={consultation.id} />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={`E-mail ${clientName} the consultation details`} title="Notify by e-mail">
        <Mail aria-hidden="true" />
      </Button>
    </fetcher.Form>
  );
}

function DeleteConsultationDialog({ consultation }: { consultation: ClientConsultation }) {
  const { fetcher, open, setOpen, busy } = useFormDialog({ intent: "delete-consultation" });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
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
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value="delete-consultation" />
            <input type="hidden" name="consultationId" value={consultation.id} />
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ClientConsultationsPanel({
  clientName,
  consultations,
  projects,
}: {
  clientName: string;
  consultations: ClientDetail["consultations"];
  projects: Projects;
}) {
  return (
    <>
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
            cell: (consultation) => (consultation.scheduledDate ? formatDate(`${consultation.scheduledDate}T12:00:00Z`, "UTC") : "—"),
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
          { id: "status", header: "Status", cell: (consultation) => <Badge variant={statusVariant(consultation.status)}>{consultation.status}</Badge> },
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
                <NotifyConsultationButton consultation={consultation} clientName={clientName} />
                <DeleteConsultationDialog consultation={consultation} />
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
