import Copy from "lucide-react/icons/copy";
import ExternalLink from "lucide-react/icons/external-link";
import Pencil from "lucide-react/icons/pencil";
import RefreshCw from "lucide-react/icons/refresh-cw";
import Trash2 from "lucide-react/icons/trash";
import { FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import type { RowDeletion } from "~/lists/row-deletion";
import { Button, buttonVariants } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/toaster";
import { INVITATIONS_URL } from "./booking-invitation-dialog";
import type { ConsultationUpdate } from "./consultation-forms";
import { CONSULTATION_STATUSES } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

export type EditableConsultation = ConsultationUpdate & { id: string; client: { name: string } };

/** Where the Consultations & Bookings page's own forms post. */
export const CONSULTATIONS_URL = "/admin/consultations";

/** Deleting a consultation from the page's table (asked first, the spec's sentences). */
export const CONSULTATION_DELETION: RowDeletion = {
  noun: "consultation",
  plural: "consultations",
  action: CONSULTATIONS_URL,
  intent: "delete-consultation",
  field: "consultationId",
};

/** Deleting an invitation: its link stops working and the time it held opens again. */
export const INVITATION_DELETION: RowDeletion = {
  noun: "booking invitation",
  plural: "booking invitations",
  action: INVITATIONS_URL,
  intent: "delete",
  field: "bookingId",
  note: "The link stops working and any booked time is released.",
};

/** 'Edit Consultation': its status, date and times, meeting link and notes. */
export function EditConsultationDialog({ consultation, onOpenChange }: { consultation: EditableConsultation | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={consultation !== null}
      onOpenChange={onOpenChange}
      title="Edit Consultation"
      description={consultation?.client.name}
      intent="update-consultation"
      fields={{ consultationId: consultation?.id }}
      submitLabel="Save Changes"
    >
      {({ errors, values }) =>
        consultation ? (
          <>
            <FormField label="Status" name="status" id="consultation-status" error={errors.status}>
              <NativeSelect defaultValue={values.status ?? consultation.status}>
                <NativeSelectOptions options={CONSULTATION_STATUSES} />
              </NativeSelect>
            </FormField>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Date" name="scheduledDate" id="consultation-date" error={errors.scheduledDate}>
                <Input type="date" defaultValue={values.scheduledDate ?? consultation.scheduledDate ?? ""} />
              </FormField>
              <FormField label="Start" name="scheduledStartTime" id="consultation-start" error={errors.scheduledStartTime}>
                <Input type="time" defaultValue={values.scheduledStartTime ?? consultation.scheduledStartTime?.slice(0, 5) ?? ""} />
              </FormField>
              <FormField label="End" name="scheduledEndTime" id="consultation-end" error={errors.scheduledEndTime}>
                <Input type="time" defaultValue={values.scheduledEndTime ?? consultation.scheduledEndTime?.slice(0, 5) ?? ""} />
              </FormField>
            </div>
            <FormField label="Meeting link" name="meetingLink" id="consultation-link" error={errors.meetingLink}>
              <Input type="url" defaultValue={values.meetingLink ?? consultation.meetingLink ?? ""} maxLength={500} />
            </FormField>
            <FormField label="Notes" name="notes" id="consultation-notes" error={errors.notes}>
              <Textarea defaultValue={values.notes ?? consultation.notes ?? ""} maxLength={5000} />
            </FormField>
          </>
        ) : null
      }
    </FormDialog>
  );
}

/** A consultation's row actions: Edit and Delete, each opening the page's dialog. */
export function ConsultationActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit consultation with ${name}`} onClick={onEdit} icon={Pencil} />
      <Button variant="ghost" size="icon" aria-label={`Delete consultation with ${name}`} onClick={onDelete} icon={Trash2} />
    </div>
  );
}

/** An invitation's row actions: copy or open its link, resend it (posted to /admin/booking-invitations), delete it (asked first by the page). */
export function InvitationActions({ invitation, link, onDelete }: { invitation: { id: string; lead: { name: string } }; link: string; onDelete: () => void }) {
  const name = invitation.lead.name;
  const resend = useFormAction({ intent: "resend", key: `resend-${invitation.id}` });
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Copy booking link for ${name}`}
        onClick={() => {
          void navigator.clipboard.writeText(link).then(
            () => toast.success("Booking link copied to clipboard"),
            () => toast.error(link),
          );
        }}
       icon={Copy} />
      <a href={link} target="_blank" rel="noreferrer" aria-label={`Open booking link for ${name}`} className={buttonVariants({ variant: "ghost", size: "icon" })}>
        <ExternalLink aria-hidden="true" />
      </a>
      <resend.fetcher.Form method="post" action={INVITATIONS_URL} noValidate>
        <HiddenInputs fields={{ intent: "resend", bookingId: invitation.id }} />
        <Button type="submit" variant="ghost" size="icon" aria-label={`Resend invitation to ${name}`} disabled={resend.busy} icon={RefreshCw} />
      </resend.fetcher.Form>
      <Button variant="ghost" size="icon" aria-label={`Delete invitation for ${name}`} onClick={onDelete} icon={Trash2} />
    </div>
  );
}
