import { Copy, ExternalLink, Pencil, RefreshCw, Trash2 } from "lucide-react";
import * as React from "react";
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
import { Button, buttonVariants } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/toaster";
import { INVITATIONS_URL } from "./booking-invitation-dialog";
import { CONSULTATION_STATUSES, type ConsultationStatus } from "./schema";

export type EditableConsultation = {
  id: string;
  status: ConsultationStatus;
  scheduledDate: string | null;
  scheduledStartTime: string | null;
  scheduledEndTime: string | null;
  meetingLink: string | null;
  notes: string | null;
  client: { name: string };
};

export function EditConsultationDialog({ consultation }: { consultation: EditableConsultation }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "update-consultation" });
  const field = (name: string) => `${name}-${consultation.id}`;
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
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="update-consultation" />
          <input type="hidden" name="consultationId" value={consultation.id} />
          <FormField label="Status" name="status" id={field("status")} error={errors.status}>
            <NativeSelect defaultValue={values.status ?? consultation.status}>
              {CONSULTATION_STATUSES.map((status) => (
                <NativeSelectOption key={status} value={status}>
                  {status}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Date" name="scheduledDate" id={field("date")} error={errors.scheduledDate}>
              <Input type="date" defaultValue={values.scheduledDate ?? consultation.scheduledDate ?? ""} />
            </FormField>
            <FormField label="Start" name="scheduledStartTime" id={field("start")} error={errors.scheduledStartTime}>
              <Input type="time" defaultValue={values.scheduledStartTime ?? consultation.scheduledStartTime?.slice(0, 5) ?? ""} />
            </FormField>
            <FormField label="End" name="scheduledEndTime" id={field("end")} error={errors.scheduledEndTime}>
              <Input type="time" defaultValue={values.scheduledEndTime ?? consultation.scheduledEndTime?.slice(0, 5) ?? ""} />
            </FormField>
          </div>
          <FormField label="Meeting link" name="meetingLink" id={field("link")} error={errors.meetingLink}>
            <Input type="url" defaultValue={values.meetingLink ?? consultation.meetingLink ?? ""} maxLength={500} />
          </FormField>
          <FormField label="Notes" name="notes" id={field("notes")} error={errors.notes}>
            <Textarea defaultValue={values.notes ?? consultation.notes ?? ""} maxLength={5000} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Save Changes
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteConsultationDialog({ consultation }: { consultation: { id: string; client: { name: string } } }) {
  const [open, setOpen] = React.useState(false);
  const { fetcher, busy } = useFormAction({ intent: "delete-consultation", open, onSuccess: () => setOpen(false) });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete consultation with ${consultation.client.name}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete consultation?</AlertDialogTitle>
          <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" preventScrollReset noValidate>
          <input type="hidden" name="intent" value="delete-consultation" />
          <input type="hidden" name="consultationId" value={consultation.id} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** An invitation's row actions: copy or open its link, resend it, delete it (posted to /admin/booking-invitations). */
export function InvitationActions({ invitation, link }: { invitation: { id: string; lead: { name: string } }; link: string }) {
  const name = invitation.lead.name;
  const resend = useFormAction({ intent: "resend" });
  const [deleting, setDeleting] = React.useState(false);
  const remove = useFormAction({ intent: "delete", open: deleting, onSuccess: () => setDeleting(false) });
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
      >
        <Copy aria-hidden="true" />
      </Button>
      <a href={link} target="_blank" rel="noreferrer" aria-label={`Open booking link for ${name}`} className={buttonVariants({ variant: "ghost", size: "icon" })}>
        <ExternalLink aria-hidden="true" />
      </a>
      <resend.fetcher.Form method="post" action={INVITATIONS_URL} noValidate>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="bookingId" value={invitation.id} />
        <Button type="submit" variant="ghost" size="icon" aria-label={`Resend invitation to ${name}`} disabled={resend.busy}>
          <RefreshCw aria-hidden="true" />
        </Button>
      </resend.fetcher.Form>
      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Delete invitation for ${name}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete booking invitation?</AlertDialogTitle>
            <AlertDialogDescription>The link stops working and any booked time is released. This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <remove.fetcher.Form method="post" action={INVITATIONS_URL} noValidate>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="bookingId" value={invitation.id} />
            <AlertDialogFooter>
              <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={remove.busy}>
                Delete
              </Button>
            </AlertDialogFooter>
          </remove.fetcher.Form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
