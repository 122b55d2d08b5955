import { randomBytes } from "node:crypto";
import { config } from "~/config.server";

/** The client's capability token: 256 random bits, base64url (DESIGN.md "Booking links are capabilities"). */
export function newProposalToken(): string {
  return randomBytes(32).toString("base64url");
}

export function proposalLink(token: string): string {
  return `${config().publicUrl}/proposal/${token}`;
}
