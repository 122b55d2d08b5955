import type * as React from "react";
import { ConvertLeadAction } from "~/clients/convert-lead-action";
import { LeadBookingInvitationAction } from "~/consultations/lead-booking-action";
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

export const LEAD_ACTION_EXTENSIONS: LeadActionExtension[] = [
  ConvertLeadAction,
  LeadBookingInvitationAction,
];
