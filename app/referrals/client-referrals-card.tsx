import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { CopyLink } from "~/ui/copy-link";
import { formatDate } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { Referral } from "./schema";

/** A client's referral link to copy and the referrals it brought (on the client's page). */
export function ClientReferralsCard({ link, referrals, timeZone }: { link: string | null; referrals: Referral[]; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referrals</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {link ? (
          <CopyLink link={link} label="Referral link" copiedMessage="Referral link copied to clipboard" />
        ) : (
          <p className="text-sm text-muted-foreground">This client has no referral code.</p>
        )}
        {referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">No referrals yet. Leads who arrive through this link are listed here.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Referrals by this client">
            {referrals.map((referral) => (
              <li key={referral.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span>
                  {referral.clientId ? (
                    <Link to={`/admin/clients/${referral.clientId}`} className="font-medium hover:underline">
                      {referral.clientName}
                    </Link>
                  ) : referral.leadId ? (
                    <Link to={`/admin/leads/${referral.leadId}`} className="font-medium hover:underline">
                      A lead (not a client yet)
                    </Link>
                  ) : (
                    <span className="font-medium">{referral.clientName ?? "A lead"}</span>
                  )}{" "}
                  <span className="text-muted-foreground">· {formatDate(referral.createdAt, timeZone)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <Badge variant={referral.status === "converted" ? "default" : "outline"}>{referral.status}</Badge>
                  {referral.commissionCents !== null ? <span className="tabular-nums">{formatCents(referral.commissionCents)}</span> : null}
                  {referral.paid ? <Badge variant="secondary">Paid</Badge> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
