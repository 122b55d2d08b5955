import { listProjectAddOns } from "~/add-ons/add-ons.server";
import { config } from "~/config.server";
import { listClientCalls, type ClientCalls } from "~/consultations/client-calls.server";
import { listMessagesSentTo, type SentMessageRow } from "~/email/email-log.server";
import { listSentInvoicesOfClient, type ClientInvoiceRow } from "~/invoices/invoices-for-client.server";
import { bankTransferInstruction } from "~/invoices/invoice-document";
import { agencyForInvoices } from "~/invoices/invoice-pdf.server";
import { listTickedTasksOfClient } from "~/projects/project-tasks.server";
import { PROJECT_STATUS_LABELS } from "~/projects/project-options";
import { listClientProjectsWithProgress } from "~/projects/projects.server";
import { tierName, tierNamesOf } from "~/organization/tier-names";
import { listClientReferrals } from "~/referrals/referrals.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import type { PortalClient } from "./portal-session.server";

/**
 * The client's home in the portal: one more view of the data the back-office keeps, read through
 * each domain's services by the signed-in client's id, so nothing of another client is ever read.
 */
export type PortalProject = {
  id: string;
  label: string;
  tier: string;
  status: string;
  percent: number;
  complete: number;
  total: number;
  ticked: string[];
  deadline: string | null;
  addOns: { id: string; name: string; quantity: number }[];
};

export type PortalReferral = { id: string; createdAt: Date; status: "pending" | "converted" | "declined"; commissionCents: number | null; paid: boolean };

export type PortalHome = {
  client: { name: string; email: string; phone: string | null; businessName: string | null };
  projects: PortalProject[];
  /** With the payment words of the PDF, for those with a balance. */
  invoices: (ClientInvoiceRow & { paymentInstruction: string | null })[];
  calls: ClientCalls;
  referral: { link: string | null; referrals: PortalReferral[] };
  emails: SentMessageRow[];
  companyName: string;
  timeZone: string;
};

/** The sign-in links are not part of the client's copies: they are how they got here. */
export const MAIL_NOT_SHOWN = ["portal_sign_in"] as const;

export async function readPortalHome(client: PortalClient, now = new Date()): Promise<PortalHome> {
  const [projects, ticked, invoices, calls, referrals, emails, settings, tiers, agency] = await Promise.all([
    listClientProjectsWithProgress(client.id),
    listTickedTasksOfClient(client.id),
    listSentInvoicesOfClient(client.id),
    listClientCalls(client.id, now),
    listClientReferrals(client.id),
    listMessagesSentTo(client.email, { except: MAIL_NOT_SHOWN, limit: 30 }),
    getOrganizationSettings(),
    listPackageTiers(),
    agencyForInvoices(),
  ]);
  const tierNames = tierNamesOf(tiers);
  const addOns = await Promise.all(projects.map((project) => listProjectAddOns(project.id, project.tier)));
  return {
    client: { name: client.name, email: client.email, phone: client.phone, businessName: client.businessName },
    projects: projects.map((project, index) => ({
      id: project.id,
      label: project.name ?? project.projectNumber,
      tier: tierName(project.tier, tierNames),
      status: PROJECT_STATUS_LABELS[project.status],
      percent: project.progress.percent,
      complete: project.progress.complete,
      total: project.progress.total,
      ticked: ticked.filter((task) => task.projectId === project.id).map((task) => task.taskName),
      deadline: project.deliveryDeadline,
      addOns: (addOns[index] ?? []).map((addOn) => ({ id: addOn.id, name: addOn.name, quantity: addOn.quantity })),
    })),
    invoices: invoices.map((invoice) => ({ ...invoice, paymentInstruction: invoice.balanceCents > 0 ? bankTransferInstruction(agency, invoice.invoiceNumber) : null })),
    calls,
    referral: {
      link: client.referralCode ? `${config().publicUrl}/?ref=${client.referralCode}` : null,
      // What the referrer sees of the people they referred: no names, only how it went.
      referrals: referrals.map(({ id, createdAt, status, commissionCents, paid }) => ({ id, createdAt, status, commissionCents, paid })),
    },
    emails,
    companyName: settings.companyName ?? "Our studio",
    timeZone: settings.timezone,
  };
}
