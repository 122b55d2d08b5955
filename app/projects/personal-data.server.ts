import { sql } from "drizzle-orm";
import { blank, declareTable, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { projects, projectTasks, tierTaskTemplates } from "./schema";

const personsProjects = (person: Person) => oneOf(projects.clientId, person.clientIds);

/** A client's projects keep their numbers, tiers and progress; a name, a site's address and notes may name the person and go. */
export const projectsPersonalData = declarePersonalData({
  domain: "projects",
  tables: [
    declareTable({
      table: projects,
      rows: personsProjects,
      erase: "update the columns",
      columns: {
        name: blank,
        projectUrl: blank,
        internalNotes: blank,
        projectNumber: nothingPersonal("the agency's number for the work"),
        tier: nothingPersonal("the package"),
        status: nothingPersonal("where the work stands"),
      },
    }),
    declareTable({
      table: projectTasks,
      rows: (person) => sql`${projectTasks.projectId} in (select ${projects.id} from ${projects} where ${personsProjects(person)})`,
      erase: "update the columns",
      columns: {
        notes: blank,
        taskName: nothingPersonal("a step of the agency's checklist"),
        category: nothingPersonal("the step's kind"),
        status: nothingPersonal("the step's state"),
        tierRequirement: nothingPersonal("the tier the step belongs to"),
      },
    }),
    declareTable({
      table: tierTaskTemplates,
      columns: {
        tier: nothingPersonal("the agency's checklists per tier"),
        taskName: nothingPersonal("the agency's checklists per tier"),
        category: nothingPersonal("the agency's checklists per tier"),
      },
    }),
  ],
});
