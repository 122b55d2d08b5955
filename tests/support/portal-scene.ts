import { eq } from "drizzle-orm";
import { addSlot } from "~/availability/availability-editing.server";
import { slotKeyOf } from "~/availability/offered-days";
import { addDaysToDate } from "~/availability/slot-time";
import { addClient } from "~/clients/add-client.server";
import { addClientConsultation } from "~/consultations/client-consultations.server";
import { bookCallForClient } from "~/consultations/client-calls.server";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { unsealed } from "~/email/sealed-links";
import { dayIn } from "~/formatting/dates";
import { addLineItem } from "~/invoices/add-line-item.server";
import { createInvoice } from "~/invoices/create-invoice.server";
import { invoices } from "~/invoices/schema";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { recordPayment } from "~/invoices/record-payment.server";
import { createProjectForClient } from "~/projects/projects.server";
import { openProjectChecklist, setTaskStatus } from "~/projects/project-tasks.server";
import { referrals } from "~/referrals/schema";
import { redeemSignInLink, requestSignInLink, sendRequestedSignInLinks } from "~/portal/sign-in.server";
import { testActor } from "./actors";

/**
 * A client with something of everything the portal shows: a paid and an open invoice (sent) and a
 * draft, a project with a ticked checklist item, a call booked from the portal on an open slot, a
 * consultation the agency scheduled, a referral, and the e-mails all of that sent.
 */
export type PortalClientScene = {
  clientId: string;
  name: string;
  email: string;
  paidInvoice: { id: string; number: string };
  openInvoice: { id: string; number: string };
  draftInvoiceId: string;
  projectId: string;
  projectName: string;
  tickedTask: string;
  bookingId: string;
  consultationId: string;
  referralId: string;
  emailId: string;
};

let slotHour = 9;

/** An open slot `daysAhead` days from now in the business zone (New York), an hour apart per call: its id, and its key as a visitor posts it. */
export async function openSlot(daysAhead: number, now = new Date()): Promise<{ id: string; key: string }> {
  const date = addDaysToDate(dayIn(now, "America/New_York"), daysAhead);
  const start = `${String(slotHour).padStart(2, "0")}:00`;
  const end = `${String(slotHour).padStart(2, "0")}:30`;
  slotHour = slotHour >= 16 ? 9 : slotHour + 1;
  const slot = await addSlot(testActor(), { date, startTime: start, endTime: end, status: "open" });
  return { id: slot.id, key: slotKeyOf(slot) };
}

export async function makePortalClient(name: string, email: string): Promise<PortalClientScene> {
  const actor = testActor();
  const { client, invoice: paid } = await addClient({ actor, input: { name, email, phone: "214-555-0100", tier: "2", notes: `Private notes about ${name}` } });
  await sendInvoice({ actor, invoiceId: paid.id });
  const [{ totalCents } = { totalCents: 0 }] = await db().select({ totalCents: invoices.totalCents }).from(invoices).where(eq(invoices.id, paid.id));
  await recordPayment({ actor, invoiceId: paid.id, input: { amount: totalCents, paidOn: dayIn(new Date(), "America/New_York"), method: "zelle", note: null } });
  const open = await createInvoice({ actor, input: { clientId: client.id, projectId: null, tier: "1", dueDate: addDaysToDate(dayIn(new Date(), "America/New_York"), 10) } });
  await addLineItem({ actor, invoiceId: open.id, input: { description: "Extra page", quantity: 2, unitPrice: 7_500 } });
  await sendInvoice({ actor, invoiceId: open.id });
  const draft = await createInvoice({ actor, input: { clientId: client.id, projectId: null, tier: "3", dueDate: null } });
  const projectName = `${name.split(" ")[0]}'s storefront`;
  const project = await createProjectForClient(actor, client.id, { name: projectName, tier: "2", deliveryDeadline: addDaysToDate(dayIn(new Date(), "America/New_York"), 20) });
  const [task] = await openProjectChecklist(project.id, "2");
  if (!task) throw new Error("The checklist was not made");
  await setTaskStatus(actor, project.id, task.id, "complete");
  const booking = await bookCallForClient(client.id, { slotKey: (await openSlot(3)).key });
  const consultation = await addClientConsultation(actor, client.id, {
    consultType: "follow-up",
    status: "scheduled",
    scheduledDate: addDaysToDate(dayIn(new Date(), "America/New_York"), 5),
    scheduledStartTime: "14:00",
    scheduledEndTime: "14:30",
    projectId: null,
    meetingLink: "https://meet.example.test/follow-up",
    notes: null,
  });
  const [referral] = await db().insert(referrals).values({ referrerName: name, referrerClientId: client.id, clientName: `Friend of ${name}`, status: "converted", commissionCents: 2_490 }).returning();
  await deliverDueEmails({ transport: null });
  const [mail] = await db().select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toEmail, email)).limit(1);
  if (!referral || !mail) throw new Error("The scene is incomplete");
  return {
    clientId: client.id,
    name,
    email,
    paidInvoice: { id: paid.id, number: paid.invoiceNumber },
    openInvoice: { id: open.id, number: open.invoiceNumber },
    draftInvoiceId: draft.id,
    projectId: project.id,
    projectName,
    tickedTask: task.taskName,
    bookingId: booking.id,
    consultationId: consultation.id,
    referralId: referral.id,
    emailId: mail.id,
  };
}

/**
 * The secret of the newest sign-in link e-mailed to an address: the requests waiting are sent
 * first, as the worker sends them (at `now`), then the link is read from the mail as it goes out
 * (the outbox keeps it masked).
 */
export async function latestSignInSecret(email: string, now?: Date): Promise<string> {
  await sendRequestedSignInLinks(now);
  const messages = await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, email));
  const links = messages
    .filter((message) => message.emailType === "portal_sign_in")
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((message) => /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(unsealed(message, message.sealed).text)?.[1]);
  const secret = links[0];
  if (!secret) throw new Error(`No sign-in link was sent to ${email}`);
  return secret;
}

/** Signs the client in as a person does (asks for a link, uses it): the Cookie header of their portal session. */
export async function portalCookie(email: string, clientAddress = "198.51.100.20"): Promise<string> {
  await requestSignInLink({ email }, { clientAddress });
  const setCookie = await redeemSignInLink(await latestSignInSecret(email));
  return setCookie.split(";")[0] ?? "";
}
