import { UserCheck } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { LeadActionExtension } from "~/leads/lead-action-extensions";
import { Button, buttonVariants } from "~/ui/button";
import { DropdownMenuItem } from "~/ui/dropdown-menu";

export const convertLeadPath = (leadId: string) => `/admin/leads/${leadId}/convert`;

/**
 * "Convert to Client" for one lead, plugged into the leads screens through their extension point:
 * a menu item in the list's row actions, a button on the lead's page. It posts to the conversion
 * route, which redirects back to `returnTo` with the toast. Converted leads show no convert
 * (spec 001); their page offers the client instead.
 *
 * A navigation submit, not a fetcher: the menu item unmounts as the menu closes on select, and the
 * conversion must not depend on it staying on screen.
 */
export const ConvertLeadAction: LeadActionExtension = ({ lead, placement, returnTo }) => {
  const submit = useSubmit();
  const navigation = useNavigation();
  const action = convertLeadPath(lead.id);
  const busy = navigation.state === "submitting" && navigation.formAction === action;

  if (lead.status === "converted") {
    return placement === "detail" ? (
      <Link to={`/admin/clients?q=${encodeURIComponent(lead.email)}`} className={buttonVariants({ variant: "outline" })}>
          <UserCheck aria-hidden="true" /> View Client
        </Link>
    ) : null;
  }

  if (placement === "row-menu") {
    return (
      <DropdownMenuItem
        disabled={busy}
        onSelect={() => void submit({ redirectTo: returnTo }, { method: "post", action, preventScrollReset: true })}
      >
        <UserCheck aria-hidden="true" /> Convert to Client
      </DropdownMenuItem>
    );
  }
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <Button type="submit" disabled={busy}>
        <UserCheck aria-hidden="true" /> {busy ? "Converting…" : "Convert to Client"}
      </Button>
    </Form>
  );
};
