import { readListView } from "~/lists/list-view";
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import {
  attachAddOnToProject,
  createAddOn,
  deleteAddOn,
  listAddOns,
  listProjectAddOns,
  removeAddOnFromProject,
  seedAddOnCatalog,
  setAddOnActive,
  updateAddOn,
} from "~/add-ons/add-ons.server";
import { addOns, projectAddOns } from "~/add-ons/schema";
import { addClient } from "~/clients/add-client.server";
import { db } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { PROJECT_LIST_VIEW } from "~/projects/project-list-view";
import {
  addCustomTask,
  addTierTask,
  listProjectTasks,
  openProjectChecklist,
  setTaskNotes,
  setTaskStatus,
  upgradeProjectTier,
} from "~/projects/project-tasks.server";
import { createProject, deleteProjects, listClientProjectsWithProgress, listProjectBoard, listProjects, setProjectStatus } from "~/projects/projects.server";
import { projectTasks } from "~/projects/schema";
import { TIER_TASK_CHECKLISTS } from "~/projects/task-checklists";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const actor = testActor();

async function newProject(tier: "1" | "2" | "3" | "4" = "1", name = "Mesa Verde site") {
  const { client } = await addClient({ actor, input: { name: `Client of ${name}`, email: `${name.replace(/\W/g, "").toLowerCase()}@example.com`, phone: null, tier, notes: null } });
  return createProject(actor, { clientId: client.id, name, tier, deliveryDeadline: null });
}

const catalog = async () => (await listAddOns({ pageSize: 100 })).rows;

describe("a project's checklist", () => {
  it("is created on first open for the project's tier, all pending, exactly once even when two requests open it at once", async () => {
    const project = await newProject("1");
    expect(project).toMatchObject({ status: "not_started", projectNumber: expect.stringMatching(/^PRJ-\d+$/) });
    const [first, second] = await Promise.all([openProjectChecklist(project.id, "1"), openProjectChecklist(project.id, "1")]);
    expect(first.length).toBe(11);
    expect(second.length).toBe(11);
    const stored = await listProjectTasks(project.id);
    expect(stored.map((task) => task.taskName)).toEqual(TIER_TASK_CHECKLISTS["1"].map((task) => task.taskName));
    expect(stored.every((task) => task.status === "pending" && task.tierRequirement === "1")).toBe(true);
    // A later open changes nothing.
    expect((await openProjectChecklist(project.id, "1")).length).toBe(11);
  });

  it("completing a task sets completed_at and un-completing clears it; progress follows", async () => {
    const project = await newProject("2");
    const [task] = await openProjectChecklist(project.id, "2");
    if (!task) throw new Error("no task");
    await setTaskStatus(actor, project.id, task.id, "complete");
    let [stored] = await db().select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(stored?.completedAt).toBeInstanceOf(Date);
    const [row] = await listClientProjectsWithProgress(project.clientId);
    expect(row?.progress).toEqual({ complete: 1, total: 11, percent: 9 });
    await setTaskStatus(actor, project.id, task.id, "pending");
    [stored] = await db().select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(stored).toMatchObject({ status: "pending", completedAt: null });
  });

  it("an upgrade adds the new tier's missing tasks and keeps completed tasks with their notes", async () => {
    const project = await newProject("1");
    const tasks = await openProjectChecklist(project.id, "1");
    const shared = tasks.find((task) => task.taskName === "Connect domain, hosting and SSL");
    if (!shared) throw new Error("the shared task is missing");
    await setTaskStatus(actor, project.id, shared.id, "complete");
    await setTaskNotes(actor, project.id, shared.id, "DNS moved on Monday");
    await addCustomTask(actor, project.id, "Order business cards", null);

    const added = await upgradeProjectTier(actor, project.id, "2");
    const after = await listProjectTasks(project.id);
    const kept = after.find((task) => task.id === shared.id);
    expect(kept).toMatchObject({ status: "complete", notes: "DNS moved on Monday", taskName: "Connect domain, hosting and SSL" });
    expect(kept?.completedAt).toBeInstanceOf(Date);
    // Tier 2 shares one task name with tier 1, so 10 are new.
    expect(added).toBe(10);
    expect(after.length).toBe(11 + 1 + 10);
    expect(after.filter((task) => task.taskName === "Connect domain, hosting and SSL").length).toBe(1);
    expect(after.find((task) => task.taskName === "Order business cards")?.category).toBe("Custom");
    // Upgrading to the same tier again adds nothing.
    expect(await upgradeProjectTier(actor, project.id, "2")).toBe(0);
  });

  it("'Add Task' refuses a task already on the project and a blank tier task", async () => {
    const project = await newProject("1");
    await openProjectChecklist(project.id, "1");
    await expect(addTierTask(actor, project.id, "1", "Kickoff call and collect business details")).rejects.toThrow("Already Added");
    await expect(addTierTask(actor, project.id, "1", "No such task")).rejects.toBeInstanceOf(Refusal);
    const task = await addTierTask(actor, project.id, "3", "Online booking system");
    expect(task).toMatchObject({ category: "Functionality", tierRequirement: "3", status: "pending" });
  });
});

describe("the Project Tracker", () => {
  it("bulk delete removes the projects with their tasks and add-ons", async () => {
    const first = await newProject("1", "First site");
    const second = await newProject("2", "Second site");
    const kept = await newProject("3", "Kept site");
    for (const project of [first, second, kept]) await openProjectChecklist(project.id, project.tier);
    const [extraPage] = (await catalog()).filter((addOn) => addOn.name === "Extra page");
    if (!extraPage) throw new Error("the seeded catalog has no Extra page");
    await attachAddOnToProject(actor, first, { addOnId: extraPage.id, quantity: 2, customPrice: null });

    expect(await deleteProjects(actor, [first.id, second.id])).toBe(2);
    expect(await db().select().from(projectTasks).where(inArray(projectTasks.projectId, [first.id, second.id]))).toEqual([]);
    expect(await db().select().from(projectAddOns).where(eq(projectAddOns.projectId, first.id))).toEqual([]);
    expect((await listProjectTasks(kept.id)).length).toBe(11);
  });

  it("pages by keyset, filters by status and shows the board by status", async () => {
    const made = [];
    for (let index = 0; index < 5; index++) made.push(await newProject("1", `Site ${index}`));
    await setProjectStatus(actor, made[0]!.id, "in_progress");
    const view = readListView(new URLSearchParams("sort=number&dir=asc"), PROJECT_LIST_VIEW);
    const page1 = await listProjects({ view, pageSize: 2 });
    const page2 = await listProjects({ view, pageSize: 2, after: page1.nextCursor });
    const page3 = await listProjects({ view, pageSize: 2, after: page2.nextCursor });
    expect([...page1.rows, ...page2.rows, ...page3.rows].map((row) => row.name)).toEqual(made.map((project) => project.name));
    expect(page3.nextCursor).toBeNull();
    const back = await listProjects({ view, pageSize: 2, before: page2.previousCursor });
    expect(back.rows.map((row) => row.name)).toEqual(["Site 0", "Site 1"]);

    const inProgress = await listProjects({ view: readListView(new URLSearchParams("status=in_progress"), PROJECT_LIST_VIEW) });
    expect(inProgress.rows.map((row) => row.name)).toEqual(["Site 0"]);
    const board = await listProjectBoard(readListView(new URLSearchParams("layout=board"), PROJECT_LIST_VIEW));
    expect(board.filter((row) => row.status === "not_started").length).toBe(4);
  });
});

describe("add-ons", () => {
  it("the catalog is seeded once, idempotently", async () => {
    const before = (await catalog()).length;
    expect(before).toBeGreaterThan(5);
    await seedAddOnCatalog(db());
    expect((await catalog()).length).toBe(before);
  });

  it("a project's add-ons are priced by the rule, and only active add-ons of the project's tier attach", async () => {
    const project = await newProject("2");
    const offered = await catalog();
    const byName = (name: string) => {
      const found = offered.find((addOn) => addOn.name === name);
      if (!found) throw new Error(`${name} is not in the catalog`);
      return found;
    };
    await attachAddOnToProject(actor, project, { addOnId: byName("Extra page").id, quantity: 2, customPrice: null });
    await attachAddOnToProject(actor, project, { addOnId: byName("Logo design").id, quantity: 1, customPrice: 12_000 });
    await attachAddOnToProject(actor, project, { addOnId: byName("Copywriting (per page)").id, quantity: 3, customPrice: null });
    const rows = await listProjectAddOns(project.id, "2");
    expect(rows.map((row) => [row.name, row.unitPriceCents, row.totalCents])).toEqual([
      ["Extra page", 6_000, 12_000],
      ["Logo design", 12_000, 12_000],
      ["Copywriting (per page)", 8_500, 25_500],
    ]);

    await expect(attachAddOnToProject(actor, project, { addOnId: byName("Blog setup").id, quantity: 1, customPrice: null })).resolves.toBeUndefined();
    const tierOne = await newProject("1", "Tier one site");
    await expect(attachAddOnToProject(actor, tierOne, { addOnId: byName("Blog setup").id, quantity: 1, customPrice: null })).rejects.toThrow(
      "This add-on is not offered for the project's tier",
    );
    await setAddOnActive(actor, byName("Logo design").id, false);
    await expect(attachAddOnToProject(actor, tierOne, { addOnId: byName("Logo design").id, quantity: 1, customPrice: null })).rejects.toBeInstanceOf(Refusal);

    // An add-on on a project is not deleted from under it; one that is not can go.
    await expect(deleteAddOn(actor, byName("Extra page").id)).rejects.toThrow(/attached to 1 project/);
    await deleteAddOn(actor, byName("Rush delivery").id);
    expect(await db().select().from(addOns).where(eq(addOns.name, "Rush delivery"))).toEqual([]);
  });
});

describe("the audit trail of projects and add-ons", () => {
  it("each change of a project writes its own entry with the Actor it was given; a refused one writes none", async () => {
    const project = await newProject("1", "Audited site");
    const [task] = await openProjectChecklist(project.id, "1");
    if (!task) throw new Error("no task");
    await setTaskStatus(actor, project.id, task.id, "complete");
    await setTaskNotes(actor, project.id, task.id, "Ask Rosa for the logo");
    await addCustomTask(actor, project.id, "Order business cards", null);
    await expect(addCustomTask(actor, project.id, "Order business cards", null)).rejects.toThrow("Already Added");
    await expect(setTaskStatus(actor, project.id, randomUUID(), "complete")).rejects.toMatchObject({ status: 404 });
    await upgradeProjectTier(actor, project.id, "2");
    await setProjectStatus(actor, project.id, "in_progress");
    await setProjectStatus(actor, project.id, "in_progress");

    const entries = await listAuditEntries({ entityType: "project", entityId: project.id });
    expect(entries.map((entry) => entry.action)).toEqual([
      "project.move-project",
      "project.upgrade-tier",
      "project.add-custom-task",
      "project.task-notes",
      "project.toggle-task",
      "project.create-project",
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ actorEmail: "admin@example.test", ipAddress: "203.0.113.7" });
    expect(entries[0]).toMatchObject({ details: { from: "not_started", to: "in_progress" } });
    expect(entries[1]).toMatchObject({ details: { from: "1", to: "2", added: 10 } });
    expect(JSON.stringify(entries)).not.toContain("Rosa");

    expect(await deleteProjects(actor, [project.id])).toBe(1);
    await expect(deleteProjects(actor, [project.id])).rejects.toMatchObject({ status: 404, title: "Failed to delete project" });
    expect((await listAuditEntries({ domain: "project" })).filter((entry) => entry.action === "project.delete-projects")).toEqual([
      expect.objectContaining({ entityId: project.id, details: { ids: [project.id] } }),
    ]);
  });

  it("the catalog pages by name, and each change to it writes its own entry; a refused delete writes none", async () => {
    const first = await listAddOns({ pageSize: 5 });
    const second = await listAddOns({ pageSize: 5, after: first.nextCursor });
    const names = [...first.rows, ...second.rows].map((addOn) => addOn.name);
    // The database's collation decides the order of names: compare with its own.
    const byName = await db().select({ name: addOns.name }).from(addOns).orderBy(asc(addOns.name), asc(addOns.id)).limit(10);
    expect(names).toEqual(byName.map((row) => row.name));
    const back = await listAddOns({ pageSize: 5, before: second.previousCursor });
    expect(back.rows.map((addOn) => addOn.name)).toEqual(names.slice(0, 5));

    const input = { name: "Menu PDF design", description: null, category: null, flatPrice: 4_999, tierPrice1: null, tierPrice2: null, tierPrice3: null, tierPrice4: null, availableForTiers: ["2" as const] };
    const addOn = await createAddOn(actor, input);
    await updateAddOn(actor, addOn.id, { ...input, flatPrice: 5_999 });
    await setAddOnActive(actor, addOn.id, false);
    const project = await newProject("2", "Add-on site");
    await setAddOnActive(actor, addOn.id, true);
    await attachAddOnToProject(actor, project, { addOnId: addOn.id, quantity: 1, customPrice: null });
    await expect(deleteAddOn(actor, addOn.id)).rejects.toMatchObject({ status: 409 });
    const [attached] = await listProjectAddOns(project.id, "2");
    await removeAddOnFromProject(actor, project.id, attached!.id);
    await deleteAddOn(actor, addOn.id);

    const catalogEntries = await listAuditEntries({ entityType: "add-on", entityId: addOn.id });
    expect(catalogEntries.map((entry) => entry.action)).toEqual([
      "add-on.delete-add-on",
      "add-on.set-active",
      "add-on.set-active",
      "add-on.update-add-on",
      "add-on.create-add-on",
    ]);
    expect(catalogEntries[3]).toMatchObject({ details: { flatPriceCents: 5_999 } });
    const projectEntries = await listAuditEntries({ entityType: "project", entityId: project.id });
    expect(projectEntries.map((entry) => entry.action)).toEqual(["project.remove-add-on", "project.attach-add-on", "project.create-project"]);
  });
});
