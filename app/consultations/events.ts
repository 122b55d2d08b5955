declare module "~/events/domain-events" {
  interface DomainEvents {
    /** An admin sent a lead a booking invitation (its link). */
    "booking.invitation-sent": { leadId: string; bookingId: string; now: Date };
    /** A lead booked a time (or moved it) through their link or the portal. */
    "lead.booked": { leadId: string; bookingId: string; now: Date };
  }
}

export {};
