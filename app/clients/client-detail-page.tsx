import { data, useLoaderData, useSearchParams } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { clientConsultationForm } from "~/consultations/client-consultation-form";
import {
  addClientConsultation,
  deleteClientConsultation,
  notifyClientOfConsultation,
  updateClientConsultation,
} from "~/consultations/client-consultations.server";
import { linkDiscoveryCallToProject } from "~/consultations/discovery-call-links.server";
import { config } from "~/config.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { newProjectSchema } from "~/projects/project-form";
import { createProjectForClient } from "~/projects/projects.server";
import { ClientReferralsCard } from "~/referrals/client-referrals-card";
import { listClientReferrals } from "~/referrals/referrals.server";
import { getOrganizationSettings, listPackageTiers } from "~/settings/settings.server";
import { redirectWithToast } from "~/forms/flash.server";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import type { Route } from "./+types/client-detail-page";
import { ClientConsultationsPanel } from "./client-consultations-panel";
import { ClientNotFound, ClientOverview, DiscoveryCallsCard } from "./client-overview";
import { ClientInvoicesPanel } from "./client-invoices-panel";
import { ClientProjectsPanel } from "./client-projects-panel";
import { NotesCard } from "./client-detail-dialogs";
import { getClientDetail } from "./client-detail.server";
import { clientIdSchema, clientNotesSchema, consultationIdSchema, editClientSchema, linkBookingSchema } from "./client-form";
import { archiveClient, deleteClient, saveClientNotes, updateClient } from "./clients.server";
import { dayIn } from "~/formatting/dates";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded && "client" in loaded && loaded.client ? loaded.client.client.name : "Client"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [settings, tierTable] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  const tiers = tierTable.map(({ tier, name }) => ({ tier, name }));
  const id = clientIdSchema.safeParse({ clientId: params.clientId });
  // Upcoming consultations are those from today on, today as the business's calendar has it.
  const client = id.success ? await getClientDetail(id.data.clientId, dayIn(new Date(), settings.timezone)) : undefined;
  if (!client) return data({ client: null, tiers, timeZone: settings.timezone }, { status: 404 });
  const referrals = await listClientReferrals(client.client.id);
  const referralLink = client.client.referralCode ? `${config().publicUrl}/?ref=${client.client.referralCode}` : null;
  return { client, tiers, timeZone: settings.timezone, today: dayIn(new Date(), settings.timezone), referrals, referralLink };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIdOf = () => parseForm(clientIdSchema, { clientId: params.clientId }).clientId;
  const here = (tab?: string) => `/admin/clients/${params.clientId}${tab ? `?tab=${tab}` : ""}`;

  return answerForm(request, {
    update: async (form) => {
      await updateClient(clientIdOf(), parseForm(editClientSchema, form));
      return redirectWithToast(here(), { type: "success", title: "Client updated successfully" });
    },
    notes: async (form) => {
      await saveClientNotes(clientIdOf(), parseForm(clientNotesSchema, form).notes);
      return redirectWithToast(here(), { type: "success", title: "Notes saved" });
    },
    delete: async () => {
      await deleteClient(clientIdOf());
      return redirectWithToast("/admin/clients", { type: "success", title: "Client deleted successfully" });
    },
    archive: async () => {
      const archived = await archiveClient(clientIdOf());
      return redirectWithToast(here(), { type: "success", title: "Client archived", description: `${archived.name} is archived; their invoices and history are kept.` });
    },
    "create-project": async (form) => {
      const project = await createProjectForClient(clientIdOf(), parseForm(newProjectSchema, form));
      return redirectWithToast(here("projects"), {
        type: "success",
        title: "Project created successfully",
        description: `${project.name} (${project.projectNumber})`,
      });
    },
    "link-booking": async (form) => {
      const { bookingId, projectId } = parseForm(linkBookingSchema, form);
      await linkDiscoveryCallToProject(admin.actor, clientIdOf(), bookingId, projectId);
      return redirectWithToast(here(), { type: "success", title: "Discovery call linked to project successfully" });
    },
    "add-consultation": async (form) => {
      await addClientConsultation(admin.actor, clientIdOf(), parseForm(clientConsultationForm, form));
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation added successfully" });
    },
    "update-consultation": async (form) => {
      const input = parseForm(clientConsultationForm, form);
      await updateClientConsultation(admin.actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId, input);
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation updated successfully" });
    },
    "delete-consultation": async (form) => {
      await deleteClientConsultation(admin.actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId);
      return redirectWithToast(here("consultations"), { type: "success", title: "Consultation deleted successfully" });
    },
    "notify-consultation": async (form) => {
      await notifyClientOfConsultation(admin.actor, clientIdOf(), parseForm(consultationIdSchema, form).consultationId);
      return redirectWithToast(here("consultations"), { type: "success", title: "Notification email sent" });
    },
  });
}

const TABS = ["projects", "invoices", "consultations"] as const;

export default function ClientDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const { client: detail, tiers, timeZone } = loaded;
  // The open tab is in the URL, so a reload or an action's redirect comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  if (!detail) return <ClientNotFound />;
  const { client, projects, invoices, consultations } = detail;
  const tab = TABS.find((name) => name === searchParams.get("tab")) ?? "projects";

  return (
    <div className="grid gap-6">
      <ClientOverview detail={detail} tiers={tiers} timeZone={timeZone} />
      <NotesCard notes={client.notes} />
      {"referrals" in loaded ? <ClientReferralsCard link={loaded.referralLink} referrals={loaded.referrals} timeZone={timeZone} /> : null}
      <DiscoveryCallsCard discoveryCalls={detail.discoveryCalls} projects={projects} timeZone={timeZone} />
      <Tabs value={tab} onValueChange={(next) => setSearchParams({ tab: next }, { replace: true, preventScrollReset: true })}>
        <TabsList>
          <TabsTrigger value="projects">Projects ({projects.length})</TabsTrigger>
          <TabsTrigger value="invoices">Invoices ({invoices.length})</TabsTrigger>
          <TabsTrigger value="consultations">Consultations ({consultations.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="projects" className="grid gap-3">
          <ClientProjectsPanel client={client} projects={projects} tiers={tiers} today={"today" in loaded ? loaded.today : ""} />
        </TabsContent>
        <TabsContent value="invoices" className="grid gap-3">
          <ClientInvoicesPanel clientId={client.id} invoices={invoices} timeZone={timeZone} />
        </TabsContent>
        <TabsContent value="consultations" className="grid gap-3">
          <ClientConsultationsPanel clientName={client.name} consultations={consultations} projects={projects} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
