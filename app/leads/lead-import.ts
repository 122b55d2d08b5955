import { nameProblem } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { BUSINESS_TYPES, INDUSTRIES, LEAD_SOURCES, LEAD_STATUSES, LEAD_TIERS } from "./lead-options";

/**
 * Import CSV of leads, the rules (pure, shared by the page and the service):
 * which column feeds which field (guessed from the headers, changeable by the
 * admin), and what makes a row valid. The service imports all valid rows or
 * none (see lead-import.server.ts).
 */
export const IMPORT_FIELDS = [
  { key: "name", label: "Name", required: true, aliases: ["name", "full name", "fullname", "contact", "contact name"] },
  { key: "email", label: "Email", required: true, aliases: ["email", "e-mail", "email address", "mail"] },
  { key: "phone", label: "Phone", required: false, aliases: ["phone", "phone number", "telephone", "mobile", "tel"] },
  { key: "businessType", label: "Business Type", required: false, aliases: ["business type", "business_type", "businesstype", "type"] },
  { key: "industry", label: "Industry", required: false, aliases: ["industry"] },
  { key: "tier", label: "Tier", required: false, aliases: ["tier", "package"] },
  { key: "source", label: "Source", required: false, aliases: ["source", "lead source"] },
  { key: "status", label: "Status", required: false, aliases: ["status", "lead status"] },
  { key: "message", label: "Message", required: false, aliases: ["message", "notes", "note", "comments"] },
] as const;
export type ImportFieldKey = (typeof IMPORT_FIELDS)[number]["key"];

/** Field → column index in the file, or null for "not imported". */
export type ImportMapping = Record<ImportFieldKey, number | null>;

const normalise = (value: string) => value.trim().toLowerCase().replace(/[\s_-]+/g, " ");

export function guessMapping(headers: string[]): ImportMapping {
  const normalised = headers.map(normalise);
  const mapping = {} as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const index = normalised.findIndex((header) => field.aliases.some((alias) => normalise(alias) === header));
    mapping[field.key] = index >= 0 ? index : null;
  }
  return mapping;
}

/** Reads `map_<field>` form values; out-of-range or empty means not imported. */
export function readMapping(form: FormData, columnCount: number): ImportMapping {
  const mapping = {} as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const raw = form.get(`map_${field.key}`);
    const index = typeof raw === "string" && raw !== "" ? Number(raw) : NaN;
    mapping[field.key] = Number.isInteger(index) && index >= 0 && index < columnCount ? index : null;
  }
  return mapping;
}

/** A value, or a label of a list, case-insensitive ("Catering Business" and "catering" are both catering). */
function choice<T extends string>(options: readonly { value: T; label: string }[], raw: string): T | undefined {
  const wanted = normalise(raw);
  return options.find((option) => normalise(option.value) === wanted || normalise(option.label) === wanted)?.value;
}

const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: value }));
const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: value }));
// "1", "Tier 1", "Tier 1 – Starter" all mean tier 1.
const TIER_OPTIONS = [...LEAD_TIERS, ...LEAD_TIERS.filter((t) => /^\d$/.test(t.value)).map((t) => ({ value: t.value, label: `tier ${t.value}` }))];

export type ImportedLead = {
  name: string;
  email: string;
  phone: string | null;
  businessType: (typeof BUSINESS_TYPES)[number]["value"] | null;
  industry: (typeof INDUSTRIES)[number]["value"] | null;
  tier: (typeof LEAD_TIERS)[number]["value"] | null;
  source: (typeof LEAD_SOURCES)[number];
  status: (typeof LEAD_STATUSES)[number];
  message: string | null;
};

export type RowCheck = { ok: true; lead: ImportedLead } | { ok: false; errors: string[] };

const emailCheck = z.email();

/** Checks one record (the cells of one line) against the mapping. */
export function checkImportRow(cells: string[], mapping: ImportMapping): RowCheck {
  const cell = (key: ImportFieldKey) => {
    const index = mapping[key];
    return index === null ? "" : (cells[index] ?? "").trim();
  };
  const errors: string[] = [];
  const name = cell("name");
  const email = cell("email");
  if (!name || !email) errors.push("Name and email are required");
  if (name.length > 120) errors.push("Name: use at most 120 characters");
  const problem = nameProblem(name);
  if (problem) errors.push(`Name: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`);
  if (email && !emailCheck.safeParse(email).success) errors.push(`Email “${email}” is not a valid email address`);
  const picked = <T extends string>(key: ImportFieldKey, label: string, options: readonly { value: T; label: string }[]): T | null => {
    const raw = cell(key);
    if (!raw) return null;
    const value = choice(options, raw);
    if (!value) errors.push(`${label} “${raw}” is not one of: ${options.map((o) => o.label).join(", ")}`);
    return value ?? null;
  };
  const businessType = picked("businessType", "Business type", BUSINESS_TYPES);
  const industry = picked("industry", "Industry", INDUSTRIES);
  const tier = picked("tier", "Tier", TIER_OPTIONS);
  const source = picked("source", "Source", SOURCE_OPTIONS) ?? "manual";
  const status = picked("status", "Status", STATUS_OPTIONS) ?? "new";
  const phone = cell("phone");
  const message = cell("message");
  if (phone.length > 40) errors.push("Phone: use at most 40 characters");
  if (message.length > 5000) errors.push("Message: use at most 5000 characters");
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    lead: { name, email, phone: phone || null, businessType, industry, tier, source, status, message: message || null },
  };
}
