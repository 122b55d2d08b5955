import { isRecordId, recordId } from "~/forms/record-id";
import { emailAddress, optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import {
  CADENCE_CONDITION_VALUES,
  CADENCE_STATUSES,
  CADENCE_TRIGGER_VALUES,
  DELAY_UNITS,
  type CadenceCondition,
  type CadenceStep,
  type DelayUnit,
} from "./cadence-options";

// The cadence forms: one zod schema each, used by the editor and again by the actions.

export const MAX_STEPS = 20;
export const MAX_DELAY = { days: 365, hours: 24 * 365 } as const;

/** A step's field name in the editor's form: `steps.2.templateId`. */
export const stepField = (index: number, field: keyof CadenceStep) => `steps.${index}.${field}`;

/** One checkbox per condition (`steps.2.condition.promo_active`), so a refused form gives each back as ticked. */
export const conditionField = (index: number, condition: CadenceCondition) => `steps.${index}.condition.${condition}`;

/** The steps as posted, in the order shown (`steps.{n}.*`), each field checked with its own error. */
function readSteps(input: Record<string, unknown>, context: z.RefinementCtx): CadenceStep[] {
  const indices = new Set<number>();
  for (const key of Object.keys(input)) {
    const match = /^steps\.(\d{1,3})\./.exec(key);
    if (match) indices.add(Number(match[1]));
  }
  const ordered = [...indices].sort((a, b) => a - b);
  if (ordered.length === 0) context.addIssue({ code: "custom", message: "Add at least one step", path: ["steps"] });
  if (ordered.length > MAX_STEPS) context.addIssue({ code: "custom", message: `Use at most ${MAX_STEPS} steps`, path: ["steps"] });
  return ordered.map((index) => {
    const unitValue = input[stepField(index, "delayUnit")];
    const delayUnit: DelayUnit = DELAY_UNITS.find((unit) => unit === unitValue) ?? "days";
    const rawAmount = String(input[stepField(index, "delayAmount")] ?? "").trim();
    const delayAmount = Number(rawAmount);
    if (!/^\d+$/.test(rawAmount) || delayAmount > MAX_DELAY[delayUnit]) {
      context.addIssue({
        code: "custom",
        message: `Enter a whole number of ${delayUnit} from 0 to ${MAX_DELAY[delayUnit]}`,
        path: [stepField(index, "delayAmount")],
      });
    }
    const templateId = String(input[stepField(index, "templateId")] ?? "");
    if (!isRecordId(templateId)) context.addIssue({ code: "custom", message: "Choose a template", path: [stepField(index, "templateId")] });
    const conditions = CADENCE_CONDITION_VALUES.filter((condition) => Boolean(input[conditionField(index, condition)]));
    return { delayAmount, delayUnit, templateId, conditions };
  });
}

/** The editor: name, description, trigger and the steps. */
export const cadenceSchema = z
  .looseObject({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Use at most 120 characters"),
    description: optionalText(2000),
    trigger: z.enum(CADENCE_TRIGGER_VALUES, "Choose what enrols a lead"),
  })
  .transform((input, context) => ({
    name: input.name,
    description: input.description,
    trigger: input.trigger,
    steps: readSteps(input, context),
  }));
export type CadenceInput = z.infer<typeof cadenceSchema>;

export const cadenceIdSchema = z.object({ cadenceId: recordId("Cadence not found") });
export const cadenceStatusSchema = cadenceIdSchema.extend({ status: z.enum(CADENCE_STATUSES, "Choose active or paused") });

/** 'Enrol in cadence' on the leads list. */
export const enrolLeadsSchema = z.object({
  cadenceId: recordId("Choose a cadence"),
  leadIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []),
    z.array(recordId("Lead not found")).min(1, "Select at least one lead").max(500, "Select at most 500 leads"),
  ),
});

/** The sandbox: a test address, and a template or a cadence (exactly one). */
export const sandboxSchema = z
  .object({
    testEmail: emailAddress("Enter a test email address", "Enter a valid email address"),
    templateId: z.union([recordId("Choose a template"), z.literal("")]).optional(),
    cadenceId: z.union([recordId("Choose a cadence"), z.literal("")]).optional(),
  })
  .superRefine((input, context) => {
    if (input.templateId && input.cadenceId) {
      const message = "Choose a template or a cadence, not both";
      context.addIssue({ code: "custom", message, path: ["templateId"] });
      context.addIssue({ code: "custom", message, path: ["cadenceId"] });
    } else if (!input.templateId && !input.cadenceId) {
      const message = "Choose a template or a cadence";
      context.addIssue({ code: "custom", message, path: ["templateId"] });
      context.addIssue({ code: "custom", message, path: ["cadenceId"] });
    }
  })
  .transform((input) => ({ testEmail: input.testEmail, templateId: input.templateId || null, cadenceId: input.cadenceId || null }));
export type SandboxInput = z.infer<typeof sandboxSchema>;
