import CalendarPlus from "lucide-react/icons/calendar-plus";
import { useSearchParams } from "react-router";
import type { LeadActionProps } from "~/leads/offered-lead-actions";
import { BookingInvitationDialog } from "./booking-invitation-dialog";
import { RowMenuLink } from "~/lists/row-menu";

/**
 * 'Send booking invitation' on a lead (a lead action, app/admin/lead-actions.tsx). In the list's row menu it opens the
 * lead's page with the dialog open (a dialog cannot outlive the menu it would start in); on the
 * lead's page it is the dialog's button. Converted leads are invited from their client page instead.
 */
export function LeadBookingInvitationAction({ lead, placement }: LeadActionProps) {
  const [searchParams] = useSearchParams();
  if (lead.status === "converted") return null;
  if (placement === "row-menu") {
    return (
      <RowMenuLink to={`/admin/leads/${lead.id}?invite=booking`}>Send booking invitation</RowMenuLink>
    );
  }
  return (
    <BookingInvitationDialog
      leadId={lead.id}
      name={lead.name}
      defaultOpen={searchParams.get("invite") === "booking"}
      opener={{ label: "Send booking invitation", icon: CalendarPlus, variant: "outline" }}
    />
  );
}
