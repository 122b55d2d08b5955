import type { Lead } from "./schema";

/** How a visitor's form brought a lead in, as cadences name their triggers. */
export type LeadCaptureTrigger = "promo_claimed" | "inquiry_received" | "contact_message_received";

declare module "~/events/domain-events" {
  interface DomainEvents {
    /**
     * A visitor's form made a lead, or recorded on the lead holding their promo code: `triggers`
     * say what happened; `referralCode` is the client's referral link the visitor came through,
     * for a new lead only.
     */
    "lead.captured": { lead: Lead; triggers: LeadCaptureTrigger[]; referralCode: string | null; now: Date };
    /** Leads about to be deleted, in the deleting transaction, before the delete: what points at them lets go first. */
    "leads.deleting": { leadIds: string[] };
  }
}
