import MessageSquareText from "lucide-react/icons/message-square-text";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { cn } from "~/ui/class-names";
import { FormField } from "~/ui/form-field";
import { Textarea } from "~/ui/textarea";
import { groupTasksByCategory, projectProgress } from "./project-checklist";
import { ProgressBar } from "./project-display";
import type { ProjectTask } from "./schema";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** The tier checklist grouped by category; the progress bar counts what is ticked, as soon as it is ticked. */
export function ChecklistPanel({ tasks, actions }: { tasks: ProjectTask[]; actions: React.ReactNode }) {
  // Ticks on their way count at once; the page's data confirms them a moment later.
  const [pending, setPending] = React.useState<Record<string, string>>({});
  const shown = tasks.map((task) => (pending[task.id] && pending[task.id] !== task.status ? { ...task, status: pending[task.id] as ProjectTask["status"] } : task));
  const groups = groupTasksByCategory(shown);
  // One form for deleting, here and not in the row: the row is gone once the task is, and its 'Task deleted' with it.
  const remove = useFormAction({ intent: "delete-task" });
  const removing = remove.fetcher.formData?.get("taskId");
  const deleteTask = (taskId: string) => void remove.fetcher.submit({ intent: "delete-task", taskId }, { method: "post" });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-60 flex-1 gap-3">
          <CardTitle as="h2">Checklist</CardTitle>
          <ProgressBar progress={projectProgress(shown)} label="Project progress" />
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </CardHeader>
      <CardContent className="grid gap-6">
        {groups.length === 0 ? <p className="text-sm text-muted-foreground">No tasks. Add one, or upgrade the tier to bring in its checklist.</p> : null}
        {groups.map((group) => (
          <section key={group.category} aria-label={group.category} className="grid gap-2">
            <h3 className="text-sm font-semibold text-muted-foreground">
              {group.category}{" "}
              <span className="font-normal">
                ({group.tasks.filter((task) => task.status === "complete").length}/{group.tasks.length})
              </span>
            </h3>
            <ul className="grid divide-y rounded-md border">
              {group.tasks.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  removing={removing === task.id}
                  onDelete={() => deleteTask(task.id)}
                  onToggle={(status) => setPending((current) => ({ ...current, [task.id]: status }))}
                />
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

function TaskRow({ task, removing, onDelete, onToggle }: { task: ProjectTask; removing: boolean; onDelete: () => void; onToggle: (status: string) => void }) {
  const toggle = useFormAction({ intent: "toggle-task" });
  const [notesOpen, setNotesOpen] = React.useState(false);
  const notes = useFormAction({ intent: "task-notes", open: notesOpen, onSuccess: () => setNotesOpen(false) });
  const complete = task.status === "complete";
  const checkboxId = `task-${task.id}`;
  return (
    <li className={cn("grid gap-2 px-3 py-2", removing && "opacity-50")}>
      <div className="flex items-start gap-3">
        <NativeCheckbox
          id={checkboxId}
          className="mt-0.5"
          checked={complete}
          onChange={(event) => {
            const status = event.target.checked ? "complete" : "pending";
            onToggle(status);
            void toggle.fetcher.submit({ intent: "toggle-task", taskId: task.id, status }, { method: "post" });
          }}
        />
        <label htmlFor={checkboxId} className={cn("flex-1 text-sm", complete && "text-muted-foreground line-through")}>
          {task.taskName}
        </label>
        {task.tierRequirement ? <Badge variant="outline">Tier {task.tierRequirement}</Badge> : <Badge variant="secondary">Custom</Badge>}
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`Notes for ${task.taskName}`}
          aria-expanded={notesOpen}
          onClick={() => setNotesOpen((open) => !open)}
        >
          <MessageSquareText className={cn("size-4", task.notes && "text-primary")} aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Delete ${task.taskName}`} disabled={removing} onClick={onDelete} icon={Trash2} />
      </div>
      {task.notes && !notesOpen ? <p className="ml-7 whitespace-pre-line text-xs text-muted-foreground">{task.notes}</p> : null}
      {notesOpen ? (
        <notes.fetcher.Form method="post" className="ml-7 grid gap-2" noValidate>
          <HiddenInputs fields={{ intent: "task-notes", taskId: task.id }} />
          <FormField label={`Notes for ${task.taskName}`} name="notes" id={`notes-${task.id}`} error={notes.errors.notes}>
            <Textarea defaultValue={notes.values.notes ?? task.notes ?? ""} rows={3} maxLength={5000} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={notes.busy}>
              Save Notes
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setNotesOpen(false)}>
              Cancel
            </Button>
          </div>
        </notes.fetcher.Form>
      ) : null}
    </li>
  );
}
