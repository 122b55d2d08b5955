import { ArrowUpCircle, Plus } from "lucide-react";
import * as React from "react";
import { useFormDialog } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { tierLabel, type TierNames } from "./project-display";
import { CUSTOM_TASK_CATEGORY, TASK_CATEGORIES } from "./project-options";

type Template = { tier: string; taskName: string; category: string };

/** 'Upgrade Tier': any tier, not only higher; its tasks not on the project are added, the rest kept. */
export function UpgradeTierDialog({ currentTier, tierNames }: { currentTier: string; tierNames: TierNames }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "upgrade-tier" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ArrowUpCircle className="size-4" aria-hidden="true" /> Upgrade Tier
        </Button>
      </DialogTrigger>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>Upgrade Tier</DialogTitle>
          <DialogDescription>
            Now {tierLabel(currentTier, tierNames)}. The new tier&apos;s tasks that are not on the project yet are added; every task already here stays as it is.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="upgrade-tier" />
          <FormField label="New tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? ""}>
              <NativeSelectOption value="">Select a tier</NativeSelectOption>
              {Object.keys(tierNames).map((tier) => (
                <NativeSelectOption key={tier} value={tier}>
                  {tierLabel(tier, tierNames)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Upgrade Tier
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Add Task': a task of a tier's checklist (those already on the project are 'Already Added'), or a custom one. */
export function AddTaskDialog({ templates, taskNames, tierNames, projectTier }: { templates: Template[]; taskNames: string[]; tierNames: TierNames; projectTier: string }) {
  const [mode, setMode] = React.useState<"tier" | "custom">("tier");
  const tierTask = useFormDialog({ intent: "add-tier-task" });
  const custom = useFormDialog({ intent: "add-custom-task", onSuccess: () => tierTask.setOpen(false) });
  const open = tierTask.open;
  const [tier, setTier] = React.useState(projectTier);
  const present = new Set(taskNames);
  const setOpen = (next: boolean) => {
    tierTask.setOpen(next);
    custom.setOpen(next);
    if (next) setTier(tierTask.values.tier ?? projectTier);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus className="size-4" aria-hidden="true" /> Add Task
        </Button>
      </DialogTrigger>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>Add Task</DialogTitle>
          <DialogDescription>Take a task from a tier&apos;s checklist, or write your own.</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label="Kind of task" className="flex gap-2">
          {(["tier", "custom"] as const).map((kind) => (
            <Button key={kind} type="button" size="sm" role="radio" aria-checked={mode === kind} variant={mode === kind ? "secondary" : "ghost"} onClick={() => setMode(kind)}>
              {kind === "tier" ? "Tier task" : "Custom task"}
            </Button>
          ))}
        </div>
        {mode === "tier" ? (
          <tierTask.fetcher.Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="add-tier-task" />
            <FormField label="Tier" name="tier" id="add-task-tier" required error={tierTask.errors.tier}>
              <NativeSelect value={tier} onChange={(event) => setTier(event.target.value)}>
                <NativeSelectOption value="">Select a tier</NativeSelectOption>
                {Object.keys(tierNames).map((id) => (
                  <NativeSelectOption key={id} value={id}>
                    {tierLabel(id, tierNames)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Task" name="taskName" id="add-task-name" required error={tierTask.errors.taskName}>
              <NativeSelect key={tier} defaultValue={tierTask.values.tier === tier ? tierTask.values.taskName : ""}>
                <NativeSelectOption value="">Choose a task</NativeSelectOption>
                {templates
                  .filter((template) => template.tier === tier)
                  .map((template) => (
                    <NativeSelectOption key={template.taskName} value={template.taskName} disabled={present.has(template.taskName)}>
                      {template.taskName} ({template.category}){present.has(template.taskName) ? " — Already Added" : ""}
                    </NativeSelectOption>
                  ))}
              </NativeSelect>
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={tierTask.busy}>
                Add Task
              </Button>
            </DialogFooter>
          </tierTask.fetcher.Form>
        ) : (
          <custom.fetcher.Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="add-custom-task" />
            <FormField label="Task name" name="taskName" id="custom-task-name" required error={custom.errors.taskName}>
              <Input defaultValue={custom.values.taskName} maxLength={300} autoComplete="off" />
            </FormField>
            <FormField label="Category" name="category" id="custom-task-category" error={custom.errors.category}>
              <NativeSelect defaultValue={custom.values.category ?? CUSTOM_TASK_CATEGORY}>
                {[CUSTOM_TASK_CATEGORY, ...TASK_CATEGORIES].map((category) => (
                  <NativeSelectOption key={category} value={category}>
                    {category}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={custom.busy}>
                Add Task
              </Button>
            </DialogFooter>
          </custom.fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
