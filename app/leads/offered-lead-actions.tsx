import * as React from "react";
import type { Lead } from "./schema";

/** What an action needs of a lead: a list row holds these, the lead's page all of it. */
export type LeadActionLead = Pick<Lead, "id" | "name" | "email" | "status">;

/**
 * The actions other domains offer on a lead (convert to a client, invite to book, enrol in a
 * cadence). The leads screens render what they are given here; the back-office shell gives them
 * (app/admin/lead-actions.tsx, through `LeadActionsProvider`), so the leads folder never imports the
 * domains that import it.
 *
 * What one action receives:
 *   - placement "row-menu": in each row's actions menu; return `<DropdownMenuItem …>` elements;
 *   - placement "detail": on the lead's page; return buttons.
 * Return null to offer nothing for this lead (converted leads hide convert and invite). Post to
 * your own route's action; redirect back to `returnTo` with a toast.
 */
export type LeadActionPlacement = "row-menu" | "detail";

export type LeadActionProps = {
  lead: LeadActionLead;
  placement: LeadActionPlacement;
  /** The page to come back to (the list with its whole view, or the lead's page). */
  returnTo: string;
};

export type LeadAction = (props: LeadActionProps) => React.ReactNode;

/** What an action on the leads selected in the list receives (e.g. enrol them in a cadence). */
export type LeadBulkActionProps = {
  leadIds: string[];
  /** Called after the action succeeded (the list clears its selection). */
  onDone: () => void;
};

export type LeadBulkAction = (props: LeadBulkActionProps) => React.ReactNode;

/** The actions the back-office offers on leads: per lead, on the selected leads, and what answers them. */
export type LeadActionSet = {
  perLead: readonly LeadAction[];
  onSelected: readonly LeadBulkAction[];
  /** Rendered once per leads screen: the answers of actions whose button may be gone by then (a closed menu). */
  feedback: readonly React.ComponentType[];
};

const LeadActionsContext = React.createContext<LeadActionSet>({ perLead: [], onSelected: [], feedback: [] });

export const LeadActionsProvider = LeadActionsContext.Provider;

export function LeadActions(props: LeadActionProps) {
  return React.useContext(LeadActionsContext).perLead.map((Action, index) => <Action key={index} {...props} />);
}

export function LeadBulkActions(props: LeadBulkActionProps) {
  return React.useContext(LeadActionsContext).onSelected.map((Action, index) => <Action key={index} {...props} />);
}

export function LeadActionsFeedback() {
  return React.useContext(LeadActionsContext).feedback.map((Feedback, index) => <Feedback key={index} />);
}
