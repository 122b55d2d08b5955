import type { Actor } from "~/audit/actor";
import type { Reply } from "~/events/domain-events";
import type { TierId } from "~/organization/tier-catalog";
import type { Lead } from "~/leads/schema";
import type { Client } from "./schema";

/** The draft invoice a new client starts with, as the handler that drafts it answers (DESIGN.md "Tiers"). */
export type FirstInvoice = {
  id: string;
  clientId: string;
  invoiceNumber: string;
  status: "draft";
  tier: TierId;
  subtotalCents: number;
  totalCents: number;
  promoCode: string | null;
  /** The lead's active promo priced it (its code is then used up). */
  promoApplied: boolean;
};

declare module "~/events/domain-events" {
  interface DomainEvents {
    /** An admin added a client by hand; `firstInvoice` is answered by the handler that drafts it. */
    "client.added": { client: Client; tier: TierId; firstInvoice: Reply<FirstInvoice> };
    /**
     * A lead became a client (spec "convert-lead-to-client"): the lead's referral converts, its
     * cadences end and the client's begin, and its first invoice is drafted at the promo price when
     * `activePromoCode` holds (answered in `firstInvoice`).
     */
    "lead.converted": { lead: Lead; client: Client; tier: TierId; activePromoCode: string | null; actor: Actor; now: Date; firstInvoice: Reply<FirstInvoice> };
    /**
     * A client is about to be deleted, in the deleting transaction: a handler refuses (a `Refusal`)
     * when something of theirs must be kept, else lets go of what goes with them; `deletedDrafts`
     * answers the numbers of the unsent draft invoices deleted with them.
     */
    "client.deleting": { client: Client; actor: Actor; refusalTitle: string; deletedDrafts: Reply<string[]> };
  }
}
