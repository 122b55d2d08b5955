import { CalendarPlus } from "lucide-react";
import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { INVITATION_WINDOWS } from "./consultation-forms";

/** Where invitation forms post, from any page that shows them. */
export const INVITATIONS_URL = "/admin/booking-invitations";

/**
 * 'Send booking invitation' (leads) / 'Send Booking Link' (clients): picks the availability window
 * and posts to /admin/booking-invitations. Pass `trigger` to render it as another button; it opens
 * the dialog. A refusal (no lead chosen, no open slots) keeps it open with its message; success closes it.
 */
export function BookingInvitationDialog({
  leadId,
  clientId,
  name,
  trigger,
  leadChoices,
  defaultOpen = false,
}: {
  leadId?: string;
  clientId?: string;
  name?: string;
  trigger?: React.ReactElement;
  /** Without a `leadId`, the admin picks the lead from these. */
  leadChoices?: { id: string; name: string; email: string }[];
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = React.useState(defaultOpen);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        trigger ?? (
          <Button variant="outline" size="sm">
            <CalendarPlus aria-hidden="true" /> Send Booking Link
          </Button>
        )
      }
      title="Send booking invitation"
      description={`${name ?? "The lead"} gets a personal link to book a consultation from your open slots.`}
      action={INVITATIONS_URL}
      intent="send"
      fields={{ leadId, clientId }}
      submitLabel="Send Invitation"
    >
      {({ errors, values }) => (
        <>
          {leadId || clientId ? null : (
            <FormField label="Lead" name="leadId" id="invite-lead" required error={errors.leadId}>
              <NativeSelect defaultValue={values.leadId ?? ""}>
                <NativeSelectOption value="" disabled>
                  Choose a lead
                </NativeSelectOption>
                {(leadChoices ?? []).map((lead) => (
                  <NativeSelectOption key={lead.id} value={lead.id}>
                    {lead.name} ({lead.email})
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <FormField label="Availability window" name="windowDays" id={`window-${leadId ?? "any"}`} error={errors.windowDays}>
            <NativeSelect defaultValue={values.windowDays ?? "7"}>
              {INVITATION_WINDOWS.map((days) => (
                <NativeSelectOption key={days} value={days}>
                  Next {days} days
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
