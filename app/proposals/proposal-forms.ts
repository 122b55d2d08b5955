// The proposal screens' forms: one zod schema each, used by the editor and again by the action.
import { dollarsField } from "~/forms/money-field";
import { recordId } from "~/forms/record-id";
import { optionalDay, personName } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { DEPOSIT_RULES, MAX_REMINDERS } from "./proposal-options";

const asList = (value: unknown) => (Array.isArray(value) ? value : value ? [value] : []);

/** "3, 7" → [3, 7]: days after sending, at most three, each 1 to 90. */
const reminderDaysField = z
  .string()
  .optional()
  .transform((value, context) => {
    const parts = (value ?? "").split(/[\s,]+/).filter(Boolean);
    const days = parts.map(Number);
    if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 90)) {
      context.addIssue({ code: "custom", message: "Enter days after sending, each from 1 to 90" });
      return z.NEVER;
    }
    if (days.length > MAX_REMINDERS) {
      context.addIssue({ code: "custom", message: `At most ${MAX_REMINDERS} reminders` });
      return z.NEVER;
    }
    return [...new Set(days)].sort((a, b) => a - b);
  });

/** The editor ('Save'): packages, add-ons included or optional, the money rules, expiry, note, contract. */
export const proposalEditorSchema = z
  .object({
    title: z.string().trim().min(1, "Enter a title").max(200, "At most 200 characters"),
    tiers: z.preprocess(asList, z.array(z.enum(TIER_IDS)).min(1, "Choose at least one package")),
    includedAddOns: z.preprocess(asList, z.array(recordId("Add-on not found"))),
    optionalAddOns: z.preprocess(asList, z.array(recordId("Add-on not found"))),
    discount: dollarsField("Enter a discount", { empty: 0 }),
    depositRule: z.enum(DEPOSIT_RULES, "Choose a deposit rule"),
    depositPercent: z.coerce.number("Enter a percent").int("Enter a whole percent").min(0, "Enter 0 to 100").max(100, "Enter 0 to 100").default(50),
    depositFixed: dollarsField("Enter a deposit", { empty: 0 }),
    expiresOn: optionalDay("Enter a date"),
    note: z.string().trim().max(5000, "At most 5,000 characters").optional().transform((value) => value || null),
    contractTemplateId: recordId("Choose a contract"),
    reminderDays: reminderDaysField,
  })
  .refine((input) => !input.includedAddOns.some((id) => input.optionalAddOns.includes(id)), { message: "An add-on is either included or optional", path: ["optionalAddOns"] });
export type ProposalEditorInput = z.infer<typeof proposalEditorSchema>;

/** 'New proposal' from a lead's or a client's row. */
export const newProposalSchema = z.union([z.object({ leadId: recordId("Lead not found") }), z.object({ clientId: recordId("Client not found") })]);

/** The client's choice: one package and the optional add-ons picked. */
export const choiceSchema = z.object({
  tierOptionId: recordId("Choose a package"),
  addOnOptionIds: z.preprocess(asList, z.array(recordId("Add-on not found")).max(100)),
});

/** 'Sign and accept'. */
export const signSchema = z.object({
  versionId: recordId("This proposal was replaced"),
  contractSha256: z.string().regex(/^[0-9a-f]{64}$/, "Read the agreement again before signing"),
  consent: z.literal("yes", "Tick the box to agree to electronic records and signatures"),
  // The name is the agency's mail Subject ("Signed: … by {{SignerName}}"): a name, as every typed one (issue 41).
  signerName: personName("Type your full legal name", 200),
});

export const declineSchema = z.object({
  reason: z.string().trim().max(2000, "At most 2,000 characters").optional().transform((value) => value || null),
});

export const contractTemplateSchema = z.object({
  name: z.string().trim().min(1, "Enter a name").max(200, "At most 200 characters"),
  body: z.string().trim().min(1, "Enter the contract's text").max(50_000, "At most 50,000 characters"),
});

/** The editor's form as its schema reads it: each add-on's "offered as" select becomes the two lists. */
export function editorFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = { tiers: form.getAll("tiers"), includedAddOns: [] as string[], optionalAddOns: [] as string[] };
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (key.startsWith("addOn-")) {
      if (value === "included" || value === "optional") (fields[`${value}AddOns`] as string[]).push(key.slice("addOn-".length));
    } else if (key !== "tiers") fields[key] = value;
  }
  return fields;
}
