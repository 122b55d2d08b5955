import { formatDate } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { DataTable } from "~/lists/data-table";
import { Badge } from "~/ui/badge";
import { TitledCard } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";
import { ReferralStatusBadge, ReferredPerson } from "./referral-display";
import type { Referral } from "./schema";

/** A client's referral link to copy and the referrals it brought (on the client's page). */
export function ClientReferralsCard({ link, referrals, timeZone }: { link: string | null; referrals: Referral[]; timeZone: string }) {
  return (
    <TitledCard title="Referrals" contentClassName="grid gap-3">
      {link ? (
        <CopyLink link={link} label="Referral link" copiedMessage="Referral link copied to clipboard" />
      ) : (
        <p className="text-sm text-muted-foreground">This client has no referral code.</p>
      )}
      <DataTable
        label="Referrals by this client"
        rows={referrals}
        emptyMessage="No referrals yet. Leads who arrive through this link are listed here."
        columns={[
          {
            id: "referred",
            header: "Referred",
            className: "font-medium",
            cell: (referral) => <ReferredPerson referral={referral} />,
          },
          { id: "date", header: "Date", cell: (referral) => formatDate(referral.createdAt, timeZone) },
          { id: "status", header: "Status", cell: (referral) => <ReferralStatusBadge status={referral.status} /> },
          { id: "commission", header: "Commission", className: "text-right tabular-nums", cell: (referral) => (referral.commissionCents === null ? "—" : formatCents(referral.commissionCents)) },
          { id: "paid", header: "Paid", cell: (referral) => (referral.paid ? <Badge variant="secondary">Paid</Badge> : "—") },
        ]}
      />
    </TitledCard>
  );
}
