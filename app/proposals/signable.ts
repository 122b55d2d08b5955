// Whether a proposal's version may still be read and signed. Pure: the page and the services ask the same.
import type { ProposalStatus } from "./proposal-options";

export type SignableState = "open" | "replaced" | "expired" | "declined" | "signed";

export function signableState(
  proposal: { status: ProposalStatus; expiresOn: string | null },
  version: { replacedAt: Date | null },
  today: string,
): SignableState {
  if (proposal.status === "signed" || proposal.status === "paid") return "signed";
  if (version.replacedAt) return "replaced";
  if (proposal.status === "declined") return "declined";
  if (proposal.status === "expired" || (proposal.expiresOn !== null && proposal.expiresOn < today)) return "expired";
  return "open";
}

/** What the client's page says when the link can no longer be signed. */
export const CLOSED_MESSAGES: Record<Exclude<SignableState, "open" | "signed">, string> = {
  replaced: "This proposal was replaced",
  expired: "This proposal has expired",
  declined: "This proposal was declined",
};
