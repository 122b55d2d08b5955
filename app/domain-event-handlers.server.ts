import { cadencesUsingTemplate } from "~/cadences/cadences.server";
import { endLeadEnrolments, enrolLeadInCadences } from "~/cadences/enrolment.server";
import { releaseSlotsOfLeadsBookings } from "~/consultations/booked-slots.server";
import { queueAdminChangeEmail, queueAdminInvitationEmail, queueSignInPausedEmail } from "~/email/account-emails.server";
import { forgetLeadsInMail } from "~/email/outbox.server";
import { markDomainEventsComposed, onDomainEvent } from "~/events/domain-events";
import { draftInvoiceOfAddedClient, draftInvoiceOfConvertedLead, invoicesOfDeletedClient } from "~/invoices/first-invoice.server";
import { recordEmailEnding, recordQueuedEmail, recordResubscribe, recordUnsubscribe } from "~/leads/email-timeline.server";
import { recordDepositPaid } from "~/proposals/record-deposit-paid.server";
import { markReferralConverted, recordReferredLead } from "~/referrals/referrals.server";

/**
 * Who acts on what (decision 048): every handler of every domain event, in one place, so that the
 * effects of a change read here in full, and no domain imports a domain above it to cause them.
 * Each runs inside the transaction of the change that published the event.
 */
function registerHandlers(): void {
  // A visitor's form made a lead: its referral is recorded, its cadences begin.
  onDomainEvent("lead.captured", async (tx, { lead, referralCode, now }) => {
    if (referralCode) await recordReferredLead(tx, { code: referralCode, lead, now });
  });
  onDomainEvent("lead.captured", async (tx, { lead, triggers, now }) => {
    for (const trigger of triggers) await enrolLeadInCadences(tx, { leadId: lead.id, trigger, now });
  });
  // Leads deleted: their bookings' slots open again, their mail forgets them.
  onDomainEvent("leads.deleting", (tx, { leadIds }) => releaseSlotsOfLeadsBookings(tx, leadIds));
  onDomainEvent("leads.deleting", (tx, { leadIds }) => forgetLeadsInMail(tx, leadIds));

  // Bookings: an invitation starts its cadences; a booked time ends the nurturing ones.
  onDomainEvent("booking.invitation-sent", async (tx, { leadId, now }) => {
    await enrolLeadInCadences(tx, { leadId, trigger: "booking_invitation_sent", now });
  });
  onDomainEvent("lead.booked", async (tx, { leadId, now }) => {
    await endLeadEnrolments(tx, { leadId, reason: "booked", now });
  });

  // Clients: the first invoice of a new client; a lead's conversion; a client's deletion.
  onDomainEvent("client.added", draftInvoiceOfAddedClient);
  onDomainEvent("lead.converted", draftInvoiceOfConvertedLead);
  onDomainEvent("lead.converted", (tx, { lead, client, now }) => markReferralConverted(tx, { leadId: lead.id, client, now }));
  onDomainEvent("lead.converted", async (tx, { lead, now }) => {
    // Nurture cadences stop at conversion; the ones for new clients begin.
    await endLeadEnrolments(tx, { leadId: lead.id, reason: "converted", now });
    await enrolLeadInCadences(tx, { leadId: lead.id, trigger: "client_converted", now });
  });
  onDomainEvent("client.deleting", invoicesOfDeletedClient);

  // Invoices: a signed proposal's deposit paid records it on the proposal (issue 44).
  onDomainEvent("invoice.paid", (tx, { invoice, now }) => recordDepositPaid(tx, { invoiceId: invoice.id, now }));

  // Mail: a lead's timeline shows its mail and its address's choices.
  onDomainEvent("email.queued", recordQueuedEmail);
  onDomainEvent("email.ended", recordEmailEnding);
  onDomainEvent("email.address-unsubscribed", recordUnsubscribe);
  onDomainEvent("email.address-resubscribed", recordResubscribe);
  onDomainEvent("email-template.users-wanted", async (tx, { templateId, users }) => {
    users.value = [...(users.value ?? []), ...(await cadencesUsingTemplate(templateId, tx))];
  });

  // Signing in: its mails.
  onDomainEvent("account.sign-in-paused", queueSignInPausedEmail);
  onDomainEvent("admin.invited", queueAdminInvitationEmail);
  onDomainEvent("admins.changed", queueAdminChangeEmail);
}

let registered = false;

/** Registers every handler, once per process (or jobs thread): called where a process opens its database. */
export function composeDomainEvents(): void {
  if (registered) return;
  registered = true;
  registerHandlers();
  markDomainEventsComposed();
}
