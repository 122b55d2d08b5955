import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import type { FieldErrors } from "~/refusal/refusal";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeCheckbox } from "~/ui/checkbox";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { CADENCE_CONDITIONS, DELAY_UNITS, type CadenceStep, type DelayUnit } from "./cadence-options";
import { conditionField, MAX_STEPS, stepField } from "./cadence-forms";
import { delayText } from "./cadence-schedule";

type StepRow = { key: number; delayAmount: string; delayUnit: DelayUnit; templateId: string; conditions: string[] };

let nextKey = 0;
const newRow = (values: Partial<Omit<StepRow, "key">> = {}): StepRow => ({
  key: (nextKey += 1),
  delayAmount: "0",
  delayUnit: "days",
  templateId: "",
  conditions: [],
  ...values,
});

/** The rows to start from: what a refused form sent back, else the cadence's steps, else one empty step. */
function initialRows(steps: readonly CadenceStep[], values: Partial<Record<string, string>>): StepRow[] {
  const posted = [...new Set(Object.keys(values).flatMap((key) => /^steps\.(\d+)\./.exec(key)?.[1] ?? []))].map(Number).sort((a, b) => a - b);
  if (posted.length > 0) {
    return posted.map((index) =>
      newRow({
        delayAmount: values[stepField(index, "delayAmount")] ?? "0",
        delayUnit: values[stepField(index, "delayUnit")] === "hours" ? "hours" : "days",
        templateId: values[stepField(index, "templateId")] ?? "",
        conditions: CADENCE_CONDITIONS.filter((condition) => values[conditionField(index, condition.value)]).map((condition) => condition.value),
      }),
    );
  }
  if (steps.length === 0) return [newRow()];
  return steps.map((step) => newRow({ delayAmount: String(step.delayAmount), delayUnit: step.delayUnit, templateId: step.templateId, conditions: [...step.conditions] }));
}

/**
 * The steps of a cadence: add, remove and reorder; each with its delay after enrolment, its
 * template and its conditions. Posts `steps.{n}.*` fields in the order shown.
 */
export function CadenceStepsEditor({
  steps,
  templates,
  errors,
  values,
}: {
  steps: readonly CadenceStep[];
  templates: { id: string; name: string }[];
  errors: FieldErrors;
  values: Partial<Record<string, string>>;
}) {
  const [rows, setRows] = React.useState(() => initialRows(steps, values));
  const change = (key: number, patch: Partial<StepRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  return (
    <div className="grid gap-4">
      {errors.steps ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.steps}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {rows.map((row, index) => (
          <li key={row.key} className="grid gap-4 rounded-md border p-4" aria-label={`Step ${index + 1}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">
                Step {index + 1}{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  ({/^\d+$/.test(row.delayAmount) ? delayText({ delayAmount: Number(row.delayAmount), delayUnit: row.delayUnit }) : "?"} after enrolment)
                </span>
              </h3>
              <div className="flex gap-1">
                <Button type="button" variant="ghost" size="icon" aria-label={`Move step ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)} icon={ArrowUp} />
                <Button type="button" variant="ghost" size="icon" aria-label={`Move step ${index + 1} down`} disabled={index === rows.length - 1} onClick={() => move(index, 1)} icon={ArrowDown} />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove step ${index + 1}`} disabled={rows.length === 1} onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))} icon={Trash2} />
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-[8rem_8rem_1fr]">
              <FormField label="Delay" name={stepField(index, "delayAmount")} error={errors[stepField(index, "delayAmount")]}>
                <Input type="number" min={0} step={1} inputMode="numeric" value={row.delayAmount} onChange={(event) => change(row.key, { delayAmount: event.target.value })} />
              </FormField>
              <FormField label="Unit" name={stepField(index, "delayUnit")}>
                <NativeSelect value={row.delayUnit} onChange={(event) => change(row.key, { delayUnit: event.target.value === "hours" ? "hours" : "days" })}>
                  <NativeSelectOptions options={DELAY_UNITS.map((unit) => ({ value: unit, label: unit === "days" ? "Days" : "Hours" }))} />
                </NativeSelect>
              </FormField>
              <FormField label="Template" name={stepField(index, "templateId")} required error={errors[stepField(index, "templateId")]}>
                <NativeSelect value={row.templateId} onChange={(event) => change(row.key, { templateId: event.target.value })}>
                  <NativeSelectOption value="" disabled>
                    Choose a template
                  </NativeSelectOption>
                  <NativeSelectOptions options={templates.map((template) => ({ value: template.id, label: template.name }))} />
                </NativeSelect>
              </FormField>
            </div>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Send only if</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {CADENCE_CONDITIONS.map((condition) => {
                  const name = conditionField(index, condition.value);
                  return (
                    <label key={condition.value} className="flex items-center gap-2 text-sm">
                      <NativeCheckbox
                        name={name}
                        checked={row.conditions.includes(condition.value)}
                        onChange={(event) =>
                          change(row.key, {
                            conditions: event.target.checked ? [...row.conditions, condition.value] : row.conditions.filter((value) => value !== condition.value),
                          })
                        }
                      />
                      {condition.label}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" disabled={rows.length >= MAX_STEPS} onClick={() => setRows((current) => [...current, newRow({ delayUnit: current.at(-1)?.delayUnit ?? "days" })])} icon={Plus}>
          Add step
        </Button>
      </div>
    </div>
  );
}
