import { describe, expect, it } from "vitest";
import { groupTasksByCategory, isOverdue, nextSortOrder, projectProgress, tasksMissingFromProject } from "./project-checklist";

describe("project progress", () => {
  it("is the rounded percent of complete tasks", () => {
    const tasks = (complete: number, total: number) =>
      Array.from({ length: total }, (_, index) => ({ status: index < complete ? "complete" : "pending" }));
    expect(projectProgress(tasks(0, 11)).percent).toBe(0);
    expect(projectProgress(tasks(1, 3)).percent).toBe(33);
    expect(projectProgress(tasks(2, 3)).percent).toBe(67);
    expect(projectProgress(tasks(1, 8)).percent).toBe(13); // 12.5 rounds up
    expect(projectProgress(tasks(11, 11))).toEqual({ complete: 11, total: 11, percent: 100 });
  });

  it("is 0 for a project without tasks", () => {
    expect(projectProgress([])).toEqual({ complete: 0, total: 0, percent: 0 });
  });
});

describe("the tier-upgrade merge", () => {
  const template = (taskName: string) => ({ taskName, category: "Setup", sortOrder: 10 });

  it("adds only the new tier's tasks whose name is not on the project", () => {
    const missing = tasksMissingFromProject(
      [template("Connect domain, hosting and SSL"), template("Contact form with e-mail notification"), template("Launch")],
      ["Connect domain, hosting and SSL", "My custom task"],
    );
    expect(missing.map((task) => task.taskName)).toEqual(["Contact form with e-mail notification", "Launch"]);
  });

  it("adds nothing when every task is already there, and never the same name twice", () => {
    expect(tasksMissingFromProject([template("A")], ["A"])).toEqual([]);
    expect(tasksMissingFromProject([template("B"), template("B")], []).length).toBe(1);
  });
});

describe("checklist grouping", () => {
  it("follows the spec's categories, then custom ones, each by sort order", () => {
    const groups = groupTasksByCategory([
      { category: "Custom", sortOrder: 5, taskName: "c" },
      { category: "Delivery", sortOrder: 110, taskName: "d" },
      { category: "Setup", sortOrder: 20, taskName: "s2" },
      { category: "Setup", sortOrder: 10, taskName: "s1" },
      { category: "Design", sortOrder: 30, taskName: "g" },
    ]);
    expect(groups.map((group) => group.category)).toEqual(["Setup", "Design", "Delivery", "Custom"]);
    expect(groups[0]?.tasks.map((task) => task.taskName)).toEqual(["s1", "s2"]);
  });
});

describe("deadlines and order", () => {
  it("an unfinished project past its deadline is overdue; a complete one or one without a deadline is not", () => {
    expect(isOverdue({ deliveryDeadline: "2026-03-01", status: "in_progress" }, "2026-03-02")).toBe(true);
    expect(isOverdue({ deliveryDeadline: "2026-03-02", status: "in_progress" }, "2026-03-02")).toBe(false);
    expect(isOverdue({ deliveryDeadline: "2026-03-01", status: "complete" }, "2026-03-02")).toBe(false);
    expect(isOverdue({ deliveryDeadline: null, status: "not_started" }, "2026-03-02")).toBe(false);
  });

  it("a new task goes after the last one", () => {
    expect(nextSortOrder([])).toBe(10);
    expect(nextSortOrder([{ sortOrder: 110 }, { sortOrder: 30 }])).toBe(120);
  });
});
