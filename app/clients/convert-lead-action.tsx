import { UserCheck } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/ui/button";
import { DropdownMenuItem } from "~/ui/dropdown-menu";

export type ConvertibleLead = { id: string; name: string; status: string };

export const convertLeadPath = (leadId: string) => `/admin/leads/${leadId}/convert`;

/**
 * "Convert to Client" for one lead: a menu item (leads row actions) or a button (lead details).
 * It posts to the conversion route, which redirects back here with the toast. Converted leads
 * show nothing (spec 001: converted leads hide convert).
 */
export function ConvertLeadAction({ lead, as = "button" }: { lead: ConvertibleLead; as?: "button" | "menu-item" }) {
  const fetcher = useFetcher();
  const location = useLocation();
  if (lead.status === "converted") return null;
  const redirectTo = location.pathname + location.search;
  const busy = fetcher.state !== "idle";

  if (as === "menu-item") {
    return (
      <DropdownMenuItem
        disabled={busy}
        onSelect={() => void fetcher.submit({ redirectTo }, { method: "post", action: convertLeadPath(lead.id) })}
      >
        <UserCheck aria-hidden="true" /> Convert to Client
      </DropdownMenuItem>
    );
  }
  return (
    <fetcher.Form method="post" action={convertLeadPath(lead.id)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" disabled={busy} aria-label={`Convert ${lead.name} to client`}>
        <UserCheck aria-hidden="true" /> {busy ? "Converting…" : "Convert to Client"}
      </Button>
    </fetcher.Form>
  );
}
