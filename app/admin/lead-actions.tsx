import { EnrolInCadenceAction } from "~/cadences/enrol-leads-dialog";
import { ConvertLeadAction, ConvertLeadFeedback } from "~/clients/convert-lead-action";
import { LeadBookingInvitationAction } from "~/consultations/lead-booking-action";
import type { LeadAction, LeadActionProps, LeadBulkAction, LeadBulkActionProps } from "~/leads/lead-action-types";

/**
 * The actions other domains offer on a lead (spec 001: convert to client, send booking
 * invitation), composed here so the leads screens import this one module and no domain imports
 * the leads screens back. One line per domain.
 */
const LEAD_ACTIONS: LeadAction[] = [ConvertLeadAction, LeadBookingInvitationAction];

export function LeadActions(props: LeadActionProps) {
  return LEAD_ACTIONS.map((Action, index) => <Action key={index} {...props} />);
}

/** Actions on the leads selected in the list (enrol in a cadence). One line per domain. */
const LEAD_BULK_ACTIONS: LeadBulkAction[] = [EnrolInCadenceAction];

export function LeadBulkActions(props: LeadBulkActionProps) {
  return LEAD_BULK_ACTIONS.map((Action, index) => <Action key={index} {...props} />);
}

/** Rendered once per leads screen: the answers of actions whose button may be gone by then (a closed menu). */
export function LeadActionsFeedback() {
  return <ConvertLeadFeedback />;
}
