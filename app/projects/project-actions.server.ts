import { attachAddOnSchema, projectAddOnIdSchema } from "~/add-ons/add-on-forms";
import { attachAddOnToProject, removeAddOnFromProject } from "~/add-ons/add-ons.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { redirectWithToast } from "~/forms/flash.server";
import {
  addCustomTaskSchema,
  addTierTaskSchema,
  projectDetailsSchema,
  taskIdSchema,
  taskNotesSchema,
  taskStatusSchema,
  upgradeTierSchema,
} from "./project-form";
import { addCustomTask, addTierTask, deleteTask, setTaskNotes, setTaskStatus, upgradeProjectTier } from "./project-tasks.server";
import { deleteProjects, getProjectWithClient, updateProject } from "./projects.server";

const done = (toast?: string): FormSuccess => ({ ok: true, toast });

/** The actions of a project's page; each form sends its `intent`, the project is the page's. */
export async function handleProjectAction(request: Request, projectId: string) {
  return answerForm(request, {
    "update-project": async (form) => {
      await updateProject(projectId, parseForm(projectDetailsSchema, form));
      return done("Project updated successfully");
    },
    "delete-project": async () => {
      const deleted = await deleteProjects([projectId]);
      if (deleted === 0) return redirectWithToast("/admin/projects", { type: "error", title: "Error", description: "Failed to delete project" });
      return redirectWithToast("/admin/projects", { type: "success", title: "Project deleted successfully" });
    },
    "toggle-task": async (form) => {
      const { taskId, status } = parseForm(taskStatusSchema, form);
      await setTaskStatus(projectId, taskId, status);
      return done();
    },
    "task-notes": async (form) => {
      const { taskId, notes } = parseForm(taskNotesSchema, form);
      await setTaskNotes(projectId, taskId, notes);
      return done("Notes saved");
    },
    "delete-task": async (form) => {
      await deleteTask(projectId, parseForm(taskIdSchema, form).taskId);
      return done("Task deleted");
    },
    "upgrade-tier": async (form) => {
      const { tier } = parseForm(upgradeTierSchema, form);
      const added = await upgradeProjectTier(projectId, tier);
      return done(`Tier upgraded: ${added} task(s) added`);
    },
    "add-tier-task": async (form) => {
      const { tier, taskName } = parseForm(addTierTaskSchema, form);
      await addTierTask(projectId, tier, taskName);
      return done("Task added");
    },
    "add-custom-task": async (form) => {
      const { taskName, category } = parseForm(addCustomTaskSchema, form);
      await addCustomTask(projectId, taskName, category);
      return done("Task added");
    },
    "attach-add-on": async (form) => {
      const { project } = await getProjectWithClient(projectId);
      await attachAddOnToProject(project, parseForm(attachAddOnSchema, form));
      return done("Add-on attached");
    },
    "remove-add-on": async (form) => {
      await removeAddOnFromProject(projectId, parseForm(projectAddOnIdSchema, form).projectAddOnId);
      return done("Add-on removed");
    },
  });
}
