// The words of proposals (issue 44), shared by the schema, the services and the screens. Pure.

export const PROPOSAL_STATUSES = ["draft", "sent", "viewed", "signed", "paid", "declined", "expired"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  signed: "Signed",
  paid: "Paid",
  declined: "Declined",
  expired: "Expired",
};

/** A proposal still waiting for the client: reminded, expiring, and signable. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["sent", "viewed"];

export const DEPOSIT_RULES = ["percent", "fixed"] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];

export const OPTION_KINDS = ["tier", "add_on"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export const PROPOSAL_EVENT_KINDS = ["sent", "opened", "viewed_version", "consented", "signed", "declined", "deposit_paid", "reminded", "expired"] as const;
export type ProposalEventKind = (typeof PROPOSAL_EVENT_KINDS)[number];

/** How the certificate page and the record name each event. */
export const PROPOSAL_EVENT_LABELS: Record<ProposalEventKind, string> = {
  sent: "Sent",
  opened: "Opened",
  viewed_version: "Viewed the contract",
  consented: "Consented to electronic records and signatures",
  signed: "Signed",
  declined: "Declined",
  deposit_paid: "Deposit paid",
  reminded: "Reminder sent",
  expired: "Expired",
};

/** At most three reminders (issue 44). */
export const MAX_REMINDERS = 3;
