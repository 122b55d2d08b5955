// What the audit log says of an admin's form action, derived from what every action has: the
// admin path it was posted to, its intent and its fields. Pure (unit-tested), so every admin form
// is recorded the same way without each route describing itself (docs/decisions/023-audit-log.md).

export type AuditDescription = {
  /** `{domain}.{intent}`, e.g. "lead.change-status", "settings.save-organization". */
  action: string;
  entityType: string | null;
  entityId: string | null;
  summary: string;
  details: Record<string, unknown>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin path's first segment, as the record kind it is about. */
const DOMAIN_OF_SEGMENT: Record<string, string> = {
  leads: "lead",
  clients: "client",
  projects: "project",
  invoices: "invoice",
  "add-ons": "add-on",
  availability: "availability",
  consultations: "consultation",
  bookings: "booking",
  "booking-invitations": "booking",
  "table-columns": "table-columns",
  settings: "settings",
  campaigns: "campaign",
  referrals: "referral",
  templates: "template",
  cadences: "cadence",
  emails: "email",
  analytics: "analytics",
};

/** Fields whose values are safe to keep in the log (choices, not what a person typed about themselves). */
const RECORDED_VALUES = new Set(["status", "tier", "enabled", "days", "isActive", "paymentStatus", "paymentMethod", "consultType", "tableId", "timezone"]);

/** Fields that say nothing of the change. */
const IGNORED_FIELDS = new Set(["intent", "returnTo", "redirectTo", "website"]);

export function domainOfAdminPath(pathname: string): { domain: string; segments: string[] } | null {
  // A single-fetch post may name the path with its ".data" suffix.
  const segments = pathname.replace(/(\/_root|\/_)?\.data$/, "").split("/").filter(Boolean);
  if (segments[0] !== "admin") return null;
  const rest = segments.slice(1).map((segment) => decodeURIComponent(segment));
  const first = rest[0];
  if (!first) return { domain: "admin", segments: rest };
  return { domain: DOMAIN_OF_SEGMENT[first] ?? first.replace(/s$/, ""), segments: rest };
}

/** "someId" → "some", "addOnId" → "add-on"; null when the field is not an id. */
function entityTypeOfField(field: string): string | null {
  const match = /^([a-z][a-zA-Z]*?)Ids?$/.exec(field);
  if (!match?.[1]) return null;
  return match[1].replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function humanize(intent: string): string {
  const words = intent.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeAdminAction(input: {
  pathname: string;
  intent: string;
  form: Record<string, string | string[]>;
}): AuditDescription | null {
  const place = domainOfAdminPath(input.pathname);
  if (!place) return null;
  const { domain, segments } = place;
  // A record's own page or resource route: /admin/leads/{id}[/convert].
  const pathId = segments[1] && UUID.test(segments[1]) ? segments[1] : null;
  const trailing = segments.slice(1).filter((segment) => !UUID.test(segment));
  const verb = input.intent === "default" ? (trailing.at(-1) ?? "update") : input.intent;

  let entityType: string | null = pathId ? domain : null;
  let entityId: string | null = pathId;
  const entityIds: Record<string, string[]> = {};
  const fields: string[] = [];
  const values: Record<string, string | string[]> = {};
  for (const [field, raw] of Object.entries(input.form)) {
    if (IGNORED_FIELDS.has(field)) continue;
    fields.push(field);
    const list = Array.isArray(raw) ? raw : [raw];
    const kind = entityTypeOfField(field);
    const ids = list.filter((value) => UUID.test(value));
    if (kind && ids.length > 0) entityIds[kind] = ids;
    else if (RECORDED_VALUES.has(field)) values[field] = raw;
  }
  if (!entityId) {
    // Prefer the id of the page's own kind (leadId on /admin/leads), else the first id posted.
    const kinds = Object.keys(entityIds);
    const kind = kinds.includes(domain) ? domain : kinds[0];
    const ids = kind ? entityIds[kind] : undefined;
    if (kind && ids) {
      entityType = kind;
      entityId = ids.length === 1 ? (ids[0] ?? null) : null;
    }
  }

  const about = entityType ? ` (${entityType}${entityId ? ` ${entityId.slice(0, 8)}` : ""})` : "";
  const many = Object.values(entityIds).find((ids) => ids.length > 1);
  return {
    action: `${domain}.${verb}`,
    entityType,
    entityId,
    summary: `${humanize(verb)}${many ? ` (${many.length} ${entityType ?? "record"}s)` : about}`,
    details: {
      fields: fields.sort(),
      ...(Object.keys(values).length > 0 ? { values } : {}),
      ...(Object.keys(entityIds).length > 0 ? { ids: entityIds } : {}),
    },
  };
}

/** Whether an action's answer is a success (a redirect or a 2xx answer that is not a refusal). */
export function answerSucceeded(answer: unknown): boolean {
  if (answer instanceof Response) return answer.status < 400;
  if (answer && typeof answer === "object") {
    if ("init" in answer && "data" in answer) {
      const { init, data } = answer as { init?: { status?: number } | null; data: unknown };
      if ((init?.status ?? 200) >= 400) return false;
      return answerSucceeded(data);
    }
    return (answer as { ok?: unknown }).ok !== false;
  }
  return true;
}
