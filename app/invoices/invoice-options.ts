// The invoice domain's lists (spec 001 §3, §4), pure so the browser and the schema share them.

export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const LINE_ITEM_TYPES = ["service", "add_on", "consultation"] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];

/** Spec 001 §3: a card-provider value, a bank-transfer-service value, cash, check. */
export const PAYMENT_METHODS = ["stripe", "zelle", "cash", "check"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: "Card (Stripe)",
  zelle: "Zelle bank transfer",
  cash: "Cash",
  check: "Check",
};

export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

/** The tier catalogue as an invoice's choices: "Tier 2 – Growth Site". */
export function tierOptions(tiers: readonly { tier: string; name: string }[]) {
  return tiers.map((tier) => ({ value: tier.tier, label: `Tier ${tier.tier} – ${tier.name}` }));
}

/** A client's projects as an invoice's choices: "PRJ-1001 – Storefront". */
export function projectOptions<Project extends { id: string; projectNumber: string; name: string | null }>(projects: readonly Project[], suffix?: (project: Project) => string) {
  return projects.map((project) => ({ value: project.id, label: `${project.projectNumber}${project.name ? ` – ${project.name}` : ""}${suffix ? suffix(project) : ""}` }));
}

/** The reminder e-mails an invoice can get, each at most once (see invoice-schedule.ts). */
export const REMINDER_KINDS = ["before_due", "on_due", "after_due"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const INVOICE_STATUS_BADGE: Record<InvoiceStatus, "secondary" | "default" | "success" | "destructive"> = {
  draft: "secondary",
  sent: "default",
  paid: "success",
  overdue: "destructive",
};

/** Spec 001 §9: consultation lines start at this sort order, after the package and add-on lines. */
export const CONSULTATION_SORT_ORDER_START = 1000;
/** Spec 001 §9: the default price of a consultation on an invoice, in cents. */
export const DEFAULT_CONSULTATION_PRICE_CENTS = 10_000;
/** A new invoice is due this many days after it is made, unless the admin sets another date. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;
