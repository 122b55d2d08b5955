import { and, desc, eq, or } from "drizzle-orm";
import { consultationBookings, consultations, type Consultation, type ConsultationBooking } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { clientInvoicesOnDeletion, type ClientInvoicesOnDeletion } from "~/invoices/client-invoices.server";
import { listClientInvoices } from "~/invoices/invoice-lists.server";
import { type InvoiceMoney } from "~/invoices/invoice-detail.server";
import type { Invoice } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { listClientProjectsWithProgress, type ClientProjectRow } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { findClient } from "~/clients/client-lookups.server";
import type { Client } from "~/clients/schema";

export type ClientInvoiceRow = Invoice & InvoiceMoney & { projectNumber: string | null };
export type ClientConsultationRow = Consultation & { projectLabel: string | null };

export type ClientDetail = {
  client: Client;
  lead: { id: string; name: string; source: string; createdAt: Date } | null;
  projects: ClientProjectRow[];
  invoices: ClientInvoiceRow[];
  /** Its invoices as deleting it sees them: unsent drafts go with it, any other keeps it (archive instead). */
  invoicesOnDeletion: ClientInvoicesOnDeletion;
  consultations: ClientConsultationRow[];
  discoveryCalls: ConsultationBooking[];
  stats: { total: number; completed: number; upcoming: number; initialConsultCompleted: boolean };
};

/** Everything the client detail page shows, or undefined for an unknown client. */
export async function getClientDetail(clientId: string, today: string): Promise<ClientDetail | undefined> {
  const client = await findClient(clientId);
  if (!client) return undefined;
  const clientProjects = await listClientProjectsWithProgress(client.id);
  const projectIds = clientProjects.map((project) => project.id);

  const bookingScope = client.leadId
    ? or(eq(consultationBookings.clientId, client.id), eq(consultationBookings.leadId, client.leadId))
    : eq(consultationBookings.clientId, client.id);

  const [lead, invoiceRows, consultationRows, discoveryCalls, invoicesOnDeletion] = await Promise.all([
    client.leadId
      ? db()
          .select({ id: leads.id, name: leads.name, source: leads.source, createdAt: leads.createdAt })
          .from(leads)
          .where(eq(leads.id, client.leadId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
    listClientInvoices(client.id, projectIds),
    db()
      .select({ consultation: consultations, projectName: projects.name, projectNumber: projects.projectNumber })
      .from(consultations)
      .leftJoin(projects, eq(projects.id, consultations.projectId))
      .where(eq(consultations.clientId, client.id))
      .orderBy(desc(consultations.scheduledDate), desc(consultations.createdAt)),
    db().select().from(consultationBookings).where(and(bookingScope)).orderBy(desc(consultationBookings.createdAt)),
    clientInvoicesOnDeletion(client.id),
  ]);

  const consultationList = consultationRows.map((row) => ({
    ...row.consultation,
    projectLabel: row.projectNumber ? (row.projectName ? `${row.projectName} (${row.projectNumber})` : row.projectNumber) : null,
  }));
  const completed = consultationList.filter((consultation) => consultation.status === "completed");
  const upcoming = consultationList.filter(
    (consultation) => consultation.status === "scheduled" && (consultation.scheduledDate ?? "") >= today,
  );
  return {
    client,
    lead,
    projects: clientProjects,
    invoices: invoiceRows,
    invoicesOnDeletion,
    consultations: consultationList,
    discoveryCalls,
    stats: {
      total: consultationList.length,
      completed: completed.length,
      upcoming: upcoming.length,
      initialConsultCompleted:
        client.initialConsultCompleted ||
        completed.some((consultation) => consultation.consultType === "initial") ||
        discoveryCalls.some((call) => call.status === "completed"),
    },
  };
}
