import type { ClientProposalRow } from "~/proposals/proposals-of-client.server";
import { PROPOSAL_STATUS_LABELS } from "~/proposals/proposal-options";
import { Section } from "./portal-sections";

/** The client's proposals: an open one's link to choose and sign, a signed one's sealed PDF. */
export function ProposalsSection({ proposals }: { proposals: ClientProposalRow[] }) {
  if (proposals.length === 0) return null;
  return (
    <Section id="proposals" title="Proposals">
      <ul className="grid gap-2 text-sm">
        {proposals.map((proposal) => (
          <li key={proposal.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
            <span>
              {proposal.title} · {PROPOSAL_STATUS_LABELS[proposal.status]}
            </span>
            <span className="flex gap-3">
              {proposal.link ? (
                <a href={new URL(proposal.link).pathname} className="underline">
                  {proposal.signed ? "View" : "Open your proposal"}
                </a>
              ) : null}
              {proposal.signed ? (
                <a href={`/portal/proposals/${proposal.id}/pdf`} className="underline" download>
                  Signed agreement (PDF)
                </a>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
