import { CalendarPlus } from "lucide-react";
import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { INVITATION_WINDOWS } from "./consultation-forms";

/** Where invitation forms post, from any page that shows them. */
export const INVITATIONS_URL = "/admin/booking-invitations";

/**
 * 'Send booking invitation' (leads) / 'Send Booking Link' (clients): picks the availability window
 * and posts to /admin/booking-invitations. Pass `trigger` to render it as a menu item or button.
 * A refusal (no lead chosen, no open slots) keeps it open with its message; success closes it.
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
  const fieldId = leadId ?? "any";
  const [open, setOpen] = React.useState(defaultOpen);
  const { fetcher, busy, errors, values } = useFormAction({ intent: "send", open, onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" size="sm">
            <CalendarPlus aria-hidden="true" /> Send Booking Link
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send booking invitation</DialogTitle>
          <DialogDescription>
            {name ?? "The lead"} gets a personal link to book a consultation from your open slots.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={INVITATIONS_URL} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="send" />
          {leadId ? (
            <input type="hidden" name="leadId" value={leadId} />
          ) : clientId ? null : (
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
          {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
          <FormField label="Availability window" name="windowDays" id={`window-${fieldId}`} error={errors.windowDays}>
            <NativeSelect defaultValue={values.windowDays ?? "7"}>
              {INVITATION_WINDOWS.map((days) => (
                <NativeSelectOption key={days} value={days}>
                  Next {days} days
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send Invitation"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
