import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import * as React from "react";
import { FormDialog, type DialogOpener } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { INVITATION_WINDOWS, NO_SLOTS_FOR_INVITATION } from "./consultation-forms";

/** Where invitation forms post, from any page that shows them. */
export const INVITATIONS_URL = "/admin/booking-invitations";

/**
 * 'Send booking invitation' (leads) / 'Send Booking Link' (clients): picks the availability window
 * and posts to /admin/booking-invitations. Pass `opener` to name its button otherwise; it opens
 * the dialog. A refusal (no lead chosen, no open slots) keeps it open with its message; success
 * closes it. Refused for want of open slots, it offers Generate Slots in place (spec 001 §5).
 */
export function BookingInvitationDialog({
  leadId,
  clientId,
  name,
  opener,
  leadChoices,
  defaultOpen = false,
}: {
  leadId?: string;
  clientId?: string;
  name?: string;
  opener?: DialogOpener;
  /** Without a `leadId`, the admin picks the lead from these. */
  leadChoices?: { id: string; name: string; email: string }[];
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = React.useState(defaultOpen);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      opener={opener ?? { label: "Send Booking Link", icon: CalendarPlus, variant: "outline" }}
      title="Send booking invitation"
      description={`${name ?? "The lead"} gets a personal link to book a consultation from your open slots.`}
      action={INVITATIONS_URL}
      intent="send"
      fields={{ leadId, clientId }}
      submitLabel="Send Invitation"
    >
      {({ errors, values, formError, clear }) => (
        <>
          {leadId || clientId ? null : (
            <FormField label="Lead" name="leadId" id="invite-lead" required error={errors.leadId}>
              <NativeSelect defaultValue={values.leadId ?? ""}>
                <NativeSelectOption value="" disabled>
                  Choose a lead
                </NativeSelectOption>
                <NativeSelectOptions options={(leadChoices ?? []).map((lead) => ({ value: lead.id, label: `${lead.name} (${lead.email})` }))} />
              </NativeSelect>
            </FormField>
          )}
          <FormField label="Availability window" name="windowDays" id={`window-${leadId ?? "any"}`} error={errors.windowDays}>
            <NativeSelect defaultValue={values.windowDays ?? "7"}>
              <NativeSelectOptions options={INVITATION_WINDOWS.map((days) => ({ value: days, label: `Next ${days} days` }))} />
            </NativeSelect>
          </FormField>
          {formError === NO_SLOTS_FOR_INVITATION ? <GenerateSlotsForWindow onGenerated={clear} /> : null}
        </>
      )}
    </FormDialog>
  );
}

/**
 * Generate Slots for the window chosen in the dialog (the availability domain's generation from
 * the recurring rules), then the invitation can be sent. A button, not a form: it sits in the
 * invitation's form and posts its own intent, reading the window from that form.
 */
function GenerateSlotsForWindow({ onGenerated }: { onGenerated: () => void }) {
  const generate = useFormAction<object>({ intent: "generate-slots", onSuccess: onGenerated });
  const submit = (event: React.MouseEvent<HTMLButtonElement>) => {
    const chosen = event.currentTarget.form?.elements.namedItem("windowDays");
    const windowDays = chosen instanceof HTMLSelectElement ? chosen.value : "7";
    void generate.fetcher.submit({ intent: "generate-slots", windowDays }, { method: "post", action: INVITATIONS_URL });
  };
  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3">
      <p className="text-sm text-muted-foreground">Make open slots from your recurring rules for this window, then send the invitation.</p>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={submit} disabled={generate.busy} icon={CalendarClock}>
        {generate.busy ? "Generating..." : "Generate Slots"}
      </Button>
      <FormError message={generate.formError} />
    </div>
  );
}
