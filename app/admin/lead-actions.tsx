import { EnrolInCadenceAction } from "~/cadences/enrol-leads-dialog";
import { ConvertLeadAction, ConvertLeadFeedback } from "~/clients/convert-lead-action";
import { LeadBookingInvitationAction } from "~/consultations/lead-booking-action";
import type { LeadActionSet } from "~/leads/offered-lead-actions";
import { NewProposalAction } from "~/proposals/new-proposal-action";

/**
 * The actions other domains offer on a lead (spec 001: convert to client, send booking invitation,
 * enrol in a cadence), given to the leads screens by the admin layout. One line per domain.
 */
export const LEAD_ACTIONS: LeadActionSet = {
  perLead: [ConvertLeadAction, LeadBookingInvitationAction, NewProposalAction],
  onSelected: [EnrolInCadenceAction],
  feedback: [ConvertLeadFeedback],
};
