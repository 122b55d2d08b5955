import FileSignature from "lucide-react/icons/file-pen-line";
import { useSubmit } from "react-router";
import type { LeadAction } from "~/leads/offered-lead-actions";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { NewProposalButton } from "./client-proposals-card";

/**
 * 'New proposal' for a lead (a lead action, app/admin/lead-actions.tsx): a menu item in the list's
 * row actions, a button on the lead's page. It opens the new draft in the editor.
 */
export const NewProposalAction: LeadAction = ({ lead, placement }) => {
  const submit = useSubmit();
  if (placement === "row-menu") {
    return (
      <DropdownMenuItem onSelect={() => void submit({ leadId: lead.id }, { method: "post", action: "/admin/proposals/new" })}>
        <FileSignature aria-hidden="true" /> New proposal
      </DropdownMenuItem>
    );
  }
  return <NewProposalButton leadId={lead.id} />;
};
