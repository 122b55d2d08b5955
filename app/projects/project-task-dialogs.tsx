import ArrowUpCircle from "lucide-react/icons/circle-arrow-up";
import Plus from "lucide-react/icons/plus";
import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { TierOptions } from "~/organization/tier-options";
import { CUSTOM_TASK_CATEGORY, TASK_CATEGORIES } from "./project-options";
import { tierLabel, type TierNames } from "~/organization/tier-names";

type Template = { tier: string; taskName: string; category: string };

/** Where a project's page posts its forms: its own action. */
export const projectPath = (projectId: string) => `/admin/projects/${projectId}`;

/** 'Upgrade Tier': any tier, not only higher; its tasks not on the project are added, the rest kept. */
export function UpgradeTierDialog({ projectId, currentTier, tierNames }: { projectId: string; currentTier: string; tierNames: TierNames }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} icon={ArrowUpCircle}>
        Upgrade Tier
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        width="md"
        title="Upgrade Tier"
        description={`Now ${tierLabel(currentTier, tierNames)}. The new tier's tasks that are not on the project yet are added; every task already here stays as it is.`}
        action={projectPath(projectId)}
        intent="upgrade-tier"
        submitLabel="Upgrade Tier"
      >
        {({ errors, values }) => (
          <FormField label="New tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? ""}>
              <NativeSelectOption value="">Select a tier</NativeSelectOption>
              <TierOptions tierNames={tierNames} />
            </NativeSelect>
          </FormField>
        )}
      </FormDialog>
    </>
  );
}

/** 'Add Task': a task of a tier's checklist (those already on the project are 'Already Added'), or a custom one. */
export function AddTaskDialog({
  projectId,
  templates,
  taskNames,
  tierNames,
  projectTier,
}: {
  projectId: string;
  templates: Template[];
  taskNames: string[];
  tierNames: TierNames;
  projectTier: string;
}) {
  const [open, setOpen] = React.useState(false);
  const [mode, setMode] = React.useState<"tier" | "custom">("tier");
  const [tier, setTier] = React.useState(projectTier);
  const present = new Set(taskNames);
  const start = () => {
    setTier(projectTier);
    setOpen(true);
  };
  return (
    <>
      <Button size="sm" onClick={start} icon={Plus}>
        Add Task
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        width="md"
        title="Add Task"
        description="Take a task from a tier's checklist, or write your own."
        action={projectPath(projectId)}
        intent={mode === "tier" ? "add-tier-task" : "add-custom-task"}
        submitLabel="Add Task"
      >
        {({ errors, values }) => (
          <>
            <div role="radiogroup" aria-label="Kind of task" className="flex gap-2">
              {(["tier", "custom"] as const).map((kind) => (
                <Button key={kind} type="button" size="sm" role="radio" aria-checked={mode === kind} variant={mode === kind ? "secondary" : "ghost"} onClick={() => setMode(kind)}>
                  {kind === "tier" ? "Tier task" : "Custom task"}
                </Button>
              ))}
            </div>
            {mode === "tier" ? (
              <>
                <FormField label="Tier" name="tier" id="add-task-tier" required error={errors.tier}>
                  <NativeSelect value={tier} onChange={(event) => setTier(event.target.value)}>
                    <NativeSelectOption value="">Select a tier</NativeSelectOption>
                    <TierOptions tierNames={tierNames} />
                  </NativeSelect>
                </FormField>
                <FormField label="Task" name="taskName" id="add-task-name" required error={errors.taskName}>
                  <NativeSelect key={tier} defaultValue={values.tier === tier ? values.taskName : ""}>
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
              </>
            ) : (
              <>
                <FormField label="Task name" name="taskName" id="custom-task-name" required error={errors.taskName}>
                  <Input defaultValue={values.taskName} maxLength={300} autoComplete="off" />
                </FormField>
                <FormField label="Category" name="category" id="custom-task-category" error={errors.category}>
                  <NativeSelect defaultValue={values.category ?? CUSTOM_TASK_CATEGORY}>
                    <NativeSelectOptions options={[CUSTOM_TASK_CATEGORY, ...TASK_CATEGORIES]} />
                  </NativeSelect>
                </FormField>
              </>
            )}
          </>
        )}
      </FormDialog>
    </>
  );
}
