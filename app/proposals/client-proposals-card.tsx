import { Form, Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { PROPOSAL_STATUS_LABELS } from "./proposal-options";
import type { ClientProposalRow } from "./proposals-of-client.server";

/** 'New proposal' for a lead or a client: a draft opened in the editor. */
export function NewProposalButton({ leadId, clientId }: { leadId?: string; clientId?: string }) {
  return (
    <Form method="post" action="/admin/proposals/new">
      {leadId ? <input type="hidden" name="leadId" value={leadId} /> : <input type="hidden" name="clientId" value={clientId} />}
      <Button type="submit" variant="outline">
        New proposal
      </Button>
    </Form>
  );
}

/** A client's proposals on their page: each to its editor, a signed one's sealed PDF. */
export function ClientProposalsCard({ proposals, pdfHref }: { proposals: ClientProposalRow[]; pdfHref: (proposalId: string) => string }) {
  if (proposals.length === 0) return null;
  return (
    <TitledCard title="Proposals">
      <ul className="grid gap-2 text-sm">
        {proposals.map((proposal) => (
          <li key={proposal.id} className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/proposals/${proposal.id}`} className="underline">
              {proposal.title}
            </Link>
            <Badge>{PROPOSAL_STATUS_LABELS[proposal.status]}</Badge>
            {proposal.signed ? (
              <a href={pdfHref(proposal.id)} className="underline" download>
                Signed PDF
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
