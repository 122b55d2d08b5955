import type * as React from "react";
import type { Lead } from "./schema";

/**
 * What an action another domain offers on a lead receives (convert, invite to book). Leaf module:
 * the actions import it, and the composition (app/admin/lead-actions.tsx) imports the actions, so
 * the leads screens never import the domains that import them back.
 *   - placement "row-menu": in each row's actions menu; return `<DropdownMenuItem …>` elements;
 *   - placement "detail": on the lead's page; return buttons.
 * Return null to offer nothing for this lead (converted leads hide convert and invite). Post to
 * your own route's action; redirect back to `returnTo` with a toast.
 */
export type LeadActionPlacement = "row-menu" | "detail";

export type LeadActionProps = {
  lead: Lead;
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
