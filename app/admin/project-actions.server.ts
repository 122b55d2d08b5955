import { attachAddOnSchema, projectAddOnIdSchema } from "~/add-ons/add-on-forms";
import { attachAddOnToProject, removeAddOnFromProject } from "~/add-ons/add-ons.server";
import type { Actor } from "~/audit/actor";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { notFound } from "~/refusal/refusal";
import {
  addCustomTaskSchema,
  addTierTaskSchema,
  projectDetailsSchema,
  projectIdSchema,
  taskIdSchema,
  taskNotesSchema,
  taskStatusSchema,
  upgradeTierSchema,
} from "~/projects/project-form";
import { addCustomTask, addTierTask, deleteTask, setTaskNotes, setTaskStatus, upgradeProjectTier } from "~/projects/project-tasks.server";
import { findProject, updateProject } from "~/projects/projects.server";

const done = (toast?: string): FormSuccess => ({ ok: true, toast });

/**
 * The actions of a project's page; each form sends its `intent`, the project is the page's (its
 * route's `:projectId`; a malformed one is refused like a form's field). Deleting the project posts
 * to the tracker, as a list row's delete does.
 */
export async function handleProjectAction(request: Request, actor: Actor, projectIdParam: string | undefined) {
  const project = () => parseForm(projectIdSchema, { projectId: projectIdParam }).projectId;
  return answerForm(request, {
    "update-project": async (form) => {
      await updateProject(actor, project(), parseForm(projectDetailsSchema, form));
      return done("Project updated successfully");
    },
    "toggle-task": async (form) => {
      const { taskId, status } = parseForm(taskStatusSchema, form);
      await setTaskStatus(actor, project(), taskId, status);
      return done();
    },
    "task-notes": async (form) => {
      const { taskId, notes } = parseForm(taskNotesSchema, form);
      await setTaskNotes(actor, project(), taskId, notes);
      return done("Notes saved");
    },
    "delete-task": async (form) => {
      await deleteTask(actor, project(), parseForm(taskIdSchema, form).taskId);
      return done("Task deleted");
    },
    "upgrade-tier": async (form) => {
      const { tier } = parseForm(upgradeTierSchema, form);
      const added = await upgradeProjectTier(actor, project(), tier);
      return done(`Tier upgraded: ${added} task(s) added`);
    },
    "add-tier-task": async (form) => {
      const { tier, taskName } = parseForm(addTierTaskSchema, form);
      await addTierTask(actor, project(), tier, taskName);
      return done("Task added");
    },
    "add-custom-task": async (form) => {
      const { taskName, category } = parseForm(addCustomTaskSchema, form);
      await addCustomTask(actor, project(), taskName, category);
      return done("Task added");
    },
    "attach-add-on": async (form) => {
      const found = await findProject(project());
      if (!found) throw notFound("Project not found");
      await attachAddOnToProject(actor, found, parseForm(attachAddOnSchema, form));
      return done("Add-on attached");
    },
    "remove-add-on": async (form) => {
      await removeAddOnFromProject(actor, project(), parseForm(projectAddOnIdSchema, form).projectAddOnId);
      return done("Add-on removed");
    },
  });
}
