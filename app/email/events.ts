import type { Reply } from "~/events/domain-events";

/** A message as the events about it name it: what a lead's timeline shows of it. */
export type EmailAbout = { outboxId: string; leadId: string | null; emailType: string; subject: string; to: string };

/** What became of a message for good: retries are not published. */
export type EmailEnding = { status: "sent" | "stored" } | { status: "suppressed"; note: string } | { status: "failed"; error: string };

/** Who uses a template besides the product: each a name and where to change it. */
export type TemplateUser = { id: string; name: string };

declare module "~/events/domain-events" {
  interface DomainEvents {
    /** A message was queued in the outbox; `actorUserId`: the admin whose action sent it. */
    "email.queued": { message: EmailAbout; actorUserId: string | null };
    /** A message was sent (or stored, with no SMTP server), held back, or given up on. */
    "email.ended": { message: EmailAbout; ending: EmailEnding };
    /** An address asked for no more marketing mail (its link, or an admin for it). */
    "email.address-unsubscribed": { email: string; via: "link" | "admin"; subject: string | null; actorUserId: string | null };
    /** An address may get marketing mail again. */
    "email.address-resubscribed": { email: string; via: "link" | "admin"; actorUserId: string | null };
    /** Who sends a template besides the product (cadence steps), for its editor and before it is deleted. */
    "email-template.users-wanted": { templateId: string; users: Reply<TemplateUser[]> };
  }
}
