import CalendarPlus from "lucide-react/icons/calendar-plus";
import Mail from "lucide-react/icons/mail";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { CONSULT_TYPES, CONSULTATION_STATUSES } from "~/consultations/schema";
import { ConfirmDialog, FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DataTable } from "~/lists/data-table";
import { formatDate } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { clientPath } from "./client-detail-dialogs";
import type { ClientDetail } from "./client-detail.server";
import { statusVariant } from "~/clients/client-display";
import { HiddenInputs } from "~/forms/hidden-inputs";

// The client page's Consultations tab: add, edit, e-mail and delete (each an intent of the page's action).

type ClientConsultation = ClientDetail["consultations"][number];
type Projects = ClientDetail["projects"];

const projectOption = (project: Projects[number]) => (project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber);

/** Add Consultation (`consultation` "new"), or Edit on a row: one form for both. */
function ConsultationDialog({
  clientId,
  consultation,
  projects,
  onOpenChange,
}: {
  clientId: string;
  consultation: ClientConsultation | "new" | null;
  projects: Projects;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = consultation !== null && consultation !== "new" ? consultation : null;
  return (
    <FormDialog
      open={consultation !== null}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Consultation" : "Add Consultation"}
      description="Date and times are in your business time zone."
      action={clientPath(clientId)}
      intent={editing ? "update-consultation" : "add-consultation"}
      fields={{ consultationId: editing?.id }}
      submitLabel={editing ? "Save Changes" : "Add Consultation"}
    >
      {({ errors, values }) => {
        const value = (name: string, stored: string | null | undefined) => values[name] ?? stored ?? "";
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Type" name="consultType" required error={errors.consultType}>
                <NativeSelect defaultValue={value("consultType", editing?.consultType ?? "initial")}>
                  <NativeSelectOptions options={CONSULT_TYPES.map((type) => ({ value: type, label: type === "initial" ? "Initial" : "Follow-up" }))} />
                </NativeSelect>
              </FormField>
              <FormField label="Status" name="status" required error={errors.status}>
                <NativeSelect defaultValue={value("status", editing?.status ?? "scheduled")}>
                  <NativeSelectOptions options={CONSULTATION_STATUSES} />
                </NativeSelect>
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="Date" name="scheduledDate" required error={errors.scheduledDate}>
                <Input type="date" defaultValue={value("scheduledDate", editing?.scheduledDate)} />
              </FormField>
              <FormField label="Start" name="scheduledStartTime" error={errors.scheduledStartTime}>
                <Input type="time" defaultValue={value("scheduledStartTime", editing?.scheduledStartTime?.slice(0, 5))} />
              </FormField>
              <FormField label="End" name="scheduledEndTime" error={errors.scheduledEndTime}>
                <Input type="time" defaultValue={value("scheduledEndTime", editing?.scheduledEndTime?.slice(0, 5))} />
              </FormField>
            </div>
            <FormField label="Project" name="projectId" error={errors.projectId}>
              <NativeSelect defaultValue={value("projectId", editing?.projectId)}>
                <NativeSelectOption value="">No project</NativeSelectOption>
                <NativeSelectOptions options={projects.map((project) => ({ value: project.id, label: projectOption(project) }))} />
              </NativeSelect>
            </FormField>
            <FormField label="Meeting link" name="meetingLink" error={errors.meetingLink}>
              <Input type="url" defaultValue={value("meetingLink", editing?.meetingLink)} maxLength={500} placeholder="https://" />
            </FormField>
            <FormField label="Notes" name="notes" error={errors.notes}>
              <Textarea defaultValue={value("notes", editing?.notes)} rows={3} maxLength={5000} />
            </FormField>
          </>
        );
      }}
    </FormDialog>
  );
}

function NotifyConsultationButton({ consultation, clientName }: { consultation: ClientConsultation; clientName: string }) {
  const { fetcher, busy } = useFormAction({ intent: "notify-consultation" });
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <HiddenInputs fields={{ intent: "notify-consultation", consultationId: consultation.id }} />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={`E-mail ${clientName} the consultation details`} title="Notify by e-mail" icon={Mail} />
    </fetcher.Form>
  );
}

export function ClientConsultationsPanel({
  client,
  consultations,
  projects,
}: {
  client: Pick<ClientDetail["client"], "id" | "name">;
  consultations: ClientDetail["consultations"];
  projects: Projects;
}) {
  const [editing, setEditing] = React.useState<ClientConsultation | "new" | null>(null);
  const [deleting, setDeleting] = React.useState<ClientConsultation | null>(null);
  return (
    <>
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")} icon={CalendarPlus}>
          Add Consultation
        </Button>
      </div>
      <DataTable
        label="Consultations"
        rows={consultations}
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
                <Button size="sm" variant="ghost" aria-label="Edit consultation" onClick={() => setEditing(consultation)} icon={Pencil} />
                <NotifyConsultationButton consultation={consultation} clientName={client.name} />
                <Button size="sm" variant="ghost" aria-label="Delete consultation" onClick={() => setDeleting(consultation)} icon={Trash2} />
              </div>
            ),
          },
        ]}
      />
      <ConsultationDialog clientId={client.id} consultation={editing} projects={projects} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this consultation?"
        description="This action cannot be undone."
        action={clientPath(client.id)}
        intent="delete-consultation"
        fields={{ consultationId: deleting?.id }}
        confirmLabel="Delete"
      />
    </>
  );
}
