import { CalendarPlus } from "lucide-react";
import type * as React from "react";
import { ConvertLeadAction } from "~/clients/convert-lead-action";
import { BookingInvitationDialog } from "~/consultations/booking-invitation-dialog";
import { Button } from "~/ui/button";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import type { Lead } from "./schema";

/**
 * Extension point for actions other domains offer on a lead, so they plug in
 * without editing the leads screens: append a renderer to
 * LEAD_ACTION_EXTENSIONS (one line per domain). It is called
 *   - in each row's actions menu with placement "row-menu": return
 *     `<DropdownMenuItem …>` elements (e.g. 'Convert', 'Send booking invitation');
 *   - on the lead's page with placement "detail": return buttons.
 * Return null to offer nothing for this lead (e.g. converted leads hide
 * convert and invite). Post to your own route's action; redirect back to
 * `returnTo` with a toast.
 */
export type LeadActionPlacement = "row-menu" | "detail";

export type LeadActionExtensionProps = {
  lead: Lead;
  placement: LeadActionPlacement;
  /** The page to come back to (the list with its whole view, or the lead's page). */
  returnTo: string;
};

export type LeadActionExtension = (props: LeadActionExtensionProps) => React.ReactNode;

/** Converted leads hide convert and booking actions (spec 001). */
function SendBookingInvitation({ lead, placement }: LeadActionExtensionProps) {
  if (lead.status === "converted") return null;
  const trigger =
    placement === "row-menu" ? (
      // preventDefault keeps the menu (and the dialog inside it) mounted while the dialog is open.
      <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
        <CalendarPlus aria-hidden="true" /> Send booking invitation
      </DropdownMenuItem>
    ) : (
      <Button variant="outline">
        <CalendarPlus aria-hidden="true" /> Send booking invitation
      </Button>
    );
  return <BookingInvitationDialog leadId={lead.id} name={lead.name} trigger={trigger} />;
}

export const LEAD_ACTION_EXTENSIONS: LeadActionExtension[] = [
  ({ lead, placement }) => <ConvertLeadAction lead={lead} as={placement === "row-menu" ? "menu-item" : "button"} />,
  SendBookingInvitation,
];
