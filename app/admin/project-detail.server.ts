import { listAddOnsOfferedFor, listProjectAddOns } from "~/add-ons/add-ons.server";
import { listProjectConsultations, listProjectDiscoveryCalls } from "~/consultations/project-consultations.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { projectProgress } from "~/projects/project-checklist";
import { findProjectWithClient } from "~/projects/projects.server";
import { tierNamesOf } from "~/organization/tier-names";
import { listTierTaskTemplates, openProjectChecklist } from "~/projects/project-tasks.server";
import { listProjectInvoices } from "~/invoices/invoice-lists.server";
import { dayIn } from "~/formatting/dates";

/**
 * Everything a project's page shows, or undefined for a project that is not there. Opening a
 * project without tasks creates its tier's checklist (spec 001 §4).
 */
export async function getProjectDetail(projectId: string, now = new Date()) {
  const found = await findProjectWithClient(projectId);
  if (!found) return undefined;
  const { project, client } = found;
  const [tasks, templates, addOns, offeredAddOns, discoveryCalls, consultations, invoices, tiers, settings] = await Promise.all([
    openProjectChecklist(project.id, project.tier),
    listTierTaskTemplates(),
    listProjectAddOns(project.id, project.tier),
    listAddOnsOfferedFor(project.tier),
    listProjectDiscoveryCalls(project.id),
    listProjectConsultations(project.id),
    listProjectInvoices(project.id),
    listPackageTiers(),
    getOrganizationSettings(),
  ]);
  return {
    project,
    client,
    tasks,
    progress: projectProgress(tasks),
    templates: templates.map(({ tier, taskName, category }) => ({ tier, taskName, category })),
    addOns,
    offeredAddOns,
    discoveryCalls,
    consultations,
    invoices,
    tierNames: tierNamesOf(tiers),
    timeZone: settings.timezone,
    today: dayIn(now, settings.timezone),
  };
}
export type ProjectDetail = NonNullable<Awaited<ReturnType<typeof getProjectDetail>>>;
