import { CalendarPlus } from "lucide-react";
import * as React from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { useSubmissionOutcome } from "~/forms/use-submission-outcome";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { toast } from "~/ui/toaster";
import type { InvitationActionResult } from "./booking-invitations-route";

const WINDOWS = [7, 14, 21, 30] as const;

/**
 * 'Send booking invitation' (leads) / 'Send Booking Link' (clients): picks the availability window
 * and posts to /admin/booking-invitations. Pass `trigger` to render it as a menu item or button.
 */
/** The answer of an invitation action (send, resend, delete) as a toast, once per submission. */
export function useInvitationAnswerToast(fetcher: FetcherWithComponents<InvitationActionResult>) {
  useSubmissionOutcome(fetcher, (answer) => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.error || "Failed to send booking invitation");
  });
}

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
  const fetcher = useFetcher<InvitationActionResult>();
  const busy = fetcher.state !== "idle";
  useInvitationAnswerToast(fetcher);
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
        <fetcher.Form method="post" action="/admin/booking-invitations" className="grid gap-4" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="send" />
          {leadId ? (
            <input type="hidden" name="leadId" value={leadId} />
          ) : clientId ? null : (
            <div className="grid gap-2">
              <Label htmlFor="invite-lead">Lead</Label>
              <NativeSelect id="invite-lead" name="leadId" required defaultValue="">
                <NativeSelectOption value="" disabled>
                  Choose a lead
                </NativeSelectOption>
                {(leadChoices ?? []).map((lead) => (
                  <NativeSelectOption key={lead.id} value={lead.id}>
                    {lead.name} ({lead.email})
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          )}
          {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
          <div className="grid gap-2">
            <Label htmlFor={`window-${fieldId}`}>Availability window</Label>
            <NativeSelect id={`window-${fieldId}`} name="windowDays" defaultValue="7">
              {WINDOWS.map((days) => (
                <NativeSelectOption key={days} value={days}>
                  Next {days} days
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
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
