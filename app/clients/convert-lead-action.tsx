import UserCheck from "lucide-react/icons/user-check";
import { useFetcher } from "react-router";
import { useFormAction } from "~/forms/use-form-action";
import type { LeadAction } from "~/leads/offered-lead-actions";
import { Button, LinkButton } from "~/ui/button";
import { DropdownMenuItem } from "~/ui/dropdown-menu";

export const convertLeadPath = (leadId: string) => `/admin/leads/${leadId}/convert`;

/** The client a converted lead became, opened at its page (lead-client-route.ts). */
export const leadClientPath = (leadId: string) => `/admin/leads/${leadId}/client`;

/** One fetcher for every convert button of a screen, so its answer outlives the menu item that posted it. */
const CONVERT_FETCHER = "convert-lead";

/**
 * "Convert to Client" for one lead (a lead action, app/admin/lead-actions.tsx): a menu item in the
 * list's row actions, a button on the lead's page. It posts to the conversion route, which
 * redirects back to `returnTo` with the toast or refuses (a lead deleted meanwhile). Converted
 * leads show no convert (spec 001); their page offers the client instead.
 */
export const ConvertLeadAction: LeadAction = ({ lead, placement, returnTo }) => {
  const fetcher = useFetcher({ key: CONVERT_FETCHER });
  const action = convertLeadPath(lead.id);
  const busy = fetcher.state === "submitting" && fetcher.formAction === action;

  if (lead.status === "converted") {
    return placement === "detail" ? (
      <LinkButton to={leadClientPath(lead.id)} variant="outline" icon={UserCheck}>
        View Client
      </LinkButton>
    ) : null;
  }

  if (placement === "row-menu") {
    return (
      <DropdownMenuItem
        disabled={busy}
        onSelect={() => void fetcher.submit({ returnTo }, { method: "post", action, preventScrollReset: true })}
      >
        <UserCheck aria-hidden="true" /> Convert to Client
      </DropdownMenuItem>
    );
  }
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" disabled={busy} icon={UserCheck}>
        {busy ? "Converting…" : "Convert to Client"}
      </Button>
    </fetcher.Form>
  );
};

/** Shows the conversion's refusal ('Error' toast) once, wherever the button that posted it went. */
export function ConvertLeadFeedback() {
  useFormAction({ key: CONVERT_FETCHER });
  return null;
}
