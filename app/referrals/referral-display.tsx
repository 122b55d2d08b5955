import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import type { Referral } from "./schema";

// How a referral's values look wherever they are shown (the tracker, a client's page).

const STATUS_BADGE = { pending: "outline", converted: "default", declined: "secondary" } as const;

export function ReferralStatusBadge({ status }: { status: Referral["status"] }) {
  return <Badge variant={STATUS_BADGE[status]}>{status}</Badge>;
}

/** Who was referred: the client they became, else the lead they still are. */
export function ReferredPerson({ referral }: { referral: Pick<Referral, "clientId" | "clientName" | "leadId"> }) {
  if (referral.clientId) {
    return (
      <Link to={`/admin/clients/${referral.clientId}`} className="hover:underline">
        {referral.clientName}
      </Link>
    );
  }
  if (referral.leadId) {
    return (
      <Link to={`/admin/leads/${referral.leadId}`} className="text-muted-foreground hover:underline">
        Lead (not a client yet)
      </Link>
    );
  }
  return <>{referral.clientName ?? "—"}</>;
}
