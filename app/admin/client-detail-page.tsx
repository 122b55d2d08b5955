import { Outlet, useLoaderData, useSearchParams } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { clientConsultationForm } from "~/consultations/client-consultation-form";
import {
  addClientConsultation,
  deleteClientConsultation,
  notifyClientOfConsultation,
  updateClientConsultation,
} from "~/consultations/client-consultations.server";
import { linkDiscoveryCallToProject } from "~/consultations/discovery-call-links.server";
import { config } from "~/config.server";
import { parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { dayIn } from "~/formatting/dates";
import { requireListedRecordById } from "~/forms/record-page.server";
import { newProjectSchema } from "~/projects/project-form";
import { createProjectForClient } from "~/projects/projects.server";
import { tierNamesOf } from "~/organization/tier-names";
import { ClientProposalsCard } from "~/proposals/client-proposals-card";
import { proposalsOfClient } from "~/proposals/proposals-of-client.server";
import { ClientReferralsCard } from "~/referrals/client-referrals-card";
import { listClientReferrals } from "~/referrals/referrals.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import type { Route } from "./+types/client-detail-page";
import { ClientConsultationsPanel } from "./client-consultations-panel";
import { NotesCard } from "./client-detail-dialogs";
import { getClientDetail } from "./client-detail.server";
import { clientIdSchema, clientNotesSchema, consultationIdSchema, editClientSchema, linkBookingSchema } from "~/clients/client-form";
import { ClientInvoicesPanel } from "./client-invoices-panel";
import { ClientHeader, ClientInfoCards, DiscoveryCallsCard, NextCallCard } from "./client-overview";
import { ClientProjectsPanel } from "./client-projects-panel";
import { archiveClient } from "~/clients/archive-client.server";
import { deleteClient } from "~/clients/delete-client.server";
import { saveClientNotes } from "~/clients/save-client-notes.server";
import { updateClient } from "~/clients/update-client.server";

const CLIENTS_LIST = { href: "/admin/clients", label: "Back to Clients" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.detail.client.name ?? "Client"} | Admin` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [settings, tiers] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  // Upcoming consultations are those from today on, today as the business's calendar has it.
  const today = dayIn(new Date(), settings.timezone);
  const detail = await requireListedRecordById(params.clientId, (id) => getClientDetail(id, today), { request, context }, "Client not found", CLIENTS_LIST);
  const [referrals, proposals] = await Promise.all([listClientReferrals(detail.client.id), proposalsOfClient({ clientId: detail.client.id, leadId: detail.client.leadId })]);
  const referralLink = detail.client.referralCode ? `${config().publicUrl}/?ref=${detail.client.referralCode}` : null;
  return { detail, tierNames: tierNamesOf(tiers), timeZone: settings.timezone, today, referrals, referralLink, proposals };
}

export async function action({ request, params }: Route.ActionArgs) {
  const clientIdOf = () => parseForm(clientIdSchema, { clientId: params.clientId }).clientId;
  const here = (tab?: string) => `/admin/clients/${params.clientId}${tab ? `?tab=${tab}` : ""}`;

  return answerAdminForm(request, ({ actor }) => ({
    update: async (form) => {
      await updateClient({ actor, clientId: clientIdOf(), input: parseForm(editClientSchema, form) });
      return redirectWithToast(here(), { type: "success", title: "Client updated successfully" });
    },
    notes: async (form) => {
      await saveClientNotes({ actor, clientId: clientIdOf(), notes: parseForm(clientNotesSchema, form).notes });
      return redirectWithToast(here(), { type: "success", title: "Notes saved" });
    },
    delete: async () => {
      await deleteClient({ actor, clientId: clientIdOf() });
      return redirectWithToast("/admin/clients", { type: "success", title: "Client deleted successfully" });
    },
    archive: async () => {
      const archived = await archiveClient({ actor, clientId: clientIdOf() });
      return redirectWithToast(here(), { type: "success", title: "Client archived", description: `${archived.name} is archived; their invoices and history are kept.` });
    },
    "create-project": async (form) => {
      const project = await createProjectForClient(actor, clientIdOf(), parseForm(newProjectSchema, form));
      // The new project opens, at its top (decision 050).
      return redirectWithToast(`/admin/projects/${project.id}`, {
        type: "success",
        title: "Project created successfully",
        description: `${project.name} (${project.projectNumber})`,
      });
    },
    "link-booking": async (form) => {
      const { bookingId, projectId } = parseForm(linkBookingSchema, form);
      await linkDiscoveryCallToProject(actor, clientIdOf(), bookingId, projectId);
      return redirectWithToast(here(), { type: "success", title: "Discovery call linked to project successfully" });
    },
    "add-consultation": async (form) => {
      await addClientConsultation(actor, clientIdOf(), parseForm(clientConsultationForm, form));
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation added successfully" });
    },
    "update-consultation": async (form) => {
      const input = parseForm(clientConsultationForm, form);
      await updateClientConsultation(actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId, input);
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation updated successfully" });
    },
    "delete-consultation": async (form) => {
      await deleteClientConsultation(actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId);
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation deleted successfully" });
    },
    "notify-consultation": async (form) => {
      await notifyClientOfConsultation(actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId);
      return redirectWithToast(here("consultations"), { type: "success", title: "Notification email sent" });
    },
  }), { failureTitles: { "create-project": "Failed to create project" } });
}

const TABS = ["projects", "invoices", "consultations"] as const;

export default function ClientDetailPage() {
  const { detail, tierNames, timeZone, today, referrals, referralLink, proposals } = useLoaderData<typeof loader>();
  const { client, projects, invoices, consultations } = detail;
  // The open tab is in the URL, so a reload or an action's redirect comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = TABS.find((name) => name === searchParams.get("tab")) ?? "projects";

  // What the agency comes for first: the next call, the projects, the invoices; then who the client is.
  return (
    <div className="grid gap-6">
      <ClientHeader detail={detail} tierNames={tierNames} />
      <NextCallCard detail={detail} timeZone={timeZone} />
      <Tabs value={tab} onValueChange={(next) => setSearchParams({ tab: next }, { replace: true, preventScrollReset: true })}>
        <TabsList>
          <TabsTrigger value="projects">Projects ({projects.length})</TabsTrigger>
          <TabsTrigger value="invoices">Invoices ({invoices.length})</TabsTrigger>
          <TabsTrigger value="consultations">Consultations ({consultations.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="projects" className="grid gap-3">
          <ClientProjectsPanel client={client} projects={projects} tierNames={tierNames} today={today} />
        </TabsContent>
        <TabsContent value="invoices" className="grid gap-3">
          <ClientInvoicesPanel clientId={client.id} invoices={invoices} timeZone={timeZone} />
        </TabsContent>
        <TabsContent value="consultations" className="grid gap-3">
          <ClientConsultationsPanel client={client} consultations={consultations} projects={projects} />
        </TabsContent>
      </Tabs>
      <ClientInfoCards detail={detail} tierNames={tierNames} timeZone={timeZone} />
      <ClientProposalsCard proposals={proposals} pdfHref={(proposalId) => `/admin/proposals/${proposalId}/pdf`} />
      <NotesCard notes={client.notes} />
      <DiscoveryCallsCard clientId={client.id} discoveryCalls={detail.discoveryCalls} consultations={consultations} projects={projects} timeZone={timeZone} />
      {/* The client portal's card: the index route of this page, owned by app/portal. */}
      <Outlet />
      <ClientReferralsCard link={referralLink} referrals={referrals} timeZone={timeZone} />
    </div>
  );
}
