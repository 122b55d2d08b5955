import { mintReferralCode } from "~/clients/referral-code";
import type { NewClient } from "~/clients/schema";
import type { NewLead } from "~/leads/schema";
import { BUSINESS_TYPE_VALUES, INDUSTRY_VALUES, PROMO_TAG } from "~/leads/lead-options";
import type { NewProject } from "~/projects/schema";

/**
 * Realistic demo records: the demo seed (`npm run seed:demo`) and the tests
 * make their data here, so what a developer sees is what the tests exercise.
 * Deterministic for a given seed; no database access (see demo-seed.server.ts).
 */
export type Random = () => number;

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

const FIRST_NAMES = [
  "Rosa", "James", "Mei", "Andre", "Priya", "Carlos", "Hannah", "Omar", "Grace", "Luis", "Aisha", "Ethan", "Sofia", "Malik",
  "Chloe", "Diego", "Fatima", "Noah", "Isabel", "Kwame", "Lena", "Mateo", "Nora", "Raj", "Tessa", "Victor", "Yara", "Zoe",
  "Brianna", "Marcus", "Elena", "Tyler", "Camila", "Jamal", "Olivia", "Kenji", "Maya", "Samuel", "Leah", "Gabriel",
] as const;
const LAST_NAMES = [
  "Delgado", "Nguyen", "Johnson", "Patel", "Okafor", "Martinez", "Kim", "Williams", "Garcia", "Brown", "Hassan", "Lopez",
  "Chen", "Davis", "Rodriguez", "Wilson", "Ahmed", "Thompson", "Rivera", "Walker", "Singh", "Moore", "Ramirez", "Clark",
  "Lewis", "Young", "Hernandez", "King", "Wright", "Scott", "Torres", "Hill", "Flores", "Green", "Adams", "Baker",
] as const;
const BUSINESS_WORDS = [
  "Mesa Verde Catering", "Golden Hour Events", "Bounce Kingdom Rentals", "Lone Star Tents", "Blue Plate Kitchen",
  "Sweet Petal Cakes", "Party Palace", "Trinity Table Co", "Magnolia Florals", "Cedar Creek BBQ", "Urban Taco Truck",
  "Elegant Affairs", "Backyard Bash Rentals", "Fresh Fork Meals", "Starlight Weddings", "Prairie Photo Booth",
] as const;
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com"] as const;
const MESSAGES = [
  "I need a website for my catering business with our menus and a quote form.",
  "Looking for a simple site that shows our rental inventory and takes bookings.",
  "We plan weddings and corporate events; we'd love a portfolio site.",
  "Can you help with online ordering for our food truck?",
  "Saw your $99 offer. Is it still available? We need something live before the holidays.",
  "Our current site is outdated and not mobile friendly.",
] as const;

const PROMO_SOURCES = ["Promo Popup", "Sticky Button", "$99 Packages Page", "$99 Promo"] as const;
const OTHER_SOURCES = ["website", "contact-page", "referral", "manual"] as const;
const PLACEMENT_TAG: Record<(typeof PROMO_SOURCES)[number], string | null> = {
  "Promo Popup": "popup",
  "Sticky Button": "sticky_button",
  "$99 Packages Page": "packages_page",
  "$99 Promo": null,
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** DESIGN.md's format: PREFIX-<base-36 time>-<4 random base-36>, uppercase. */
export function demoPromoCode(random: Random, issuedAt: Date, prefix = "LAUNCH"): string {
  let suffix = "";
  for (let i = 0; i < 4; i += 1) suffix += Math.floor(random() * 36).toString(36);
  return `${prefix}-${issuedAt.getTime().toString(36)}-${suffix}`.toUpperCase();
}

export type DemoLeadOptions = {
  now?: Date;
  /** Leads are spread over this many days before `now`. */
  spreadDays?: number;
  /** Makes names and e-mails unique across a large seed. */
  sequence?: number;
  promoDays?: number;
};

/** One lead as a visitor (or an admin) would have left it; `overrides` win. */
export function demoLead(random: Random, options: DemoLeadOptions = {}, overrides: Partial<NewLead> = {}): NewLead {
  const now = options.now ?? new Date();
  const createdAt = new Date(now.getTime() - Math.floor(random() * (options.spreadDays ?? 365) * DAY_MS));
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const sequence = options.sequence === undefined ? "" : String(options.sequence);
  const email = `${first}.${last}${sequence}@${pick(random, DOMAINS)}`.toLowerCase();
  const promo = random() < 0.35;
  const statusRoll = random();
  const status = statusRoll < 0.5 ? "new" : statusRoll < 0.8 ? "contacted" : "converted";
  const base: Omit<NewLead, "source"> = {
    createdAt,
    updatedAt: createdAt,
    name: `${first} ${last}`,
    email,
    phone: random() < 0.8 ? `(${200 + Math.floor(random() * 700)}) 555-${String(Math.floor(random() * 10000)).padStart(4, "0")}` : null,
    businessType: random() < 0.85 ? pick(random, BUSINESS_TYPE_VALUES) : null,
    industry: random() < 0.7 ? pick(random, INDUSTRY_VALUES) : null,
    message: random() < 0.6 ? `${pick(random, MESSAGES)} — ${pick(random, BUSINESS_WORDS)}` : null,
    status,
    bookingStatus: status === "new" ? "not_sent" : pick(random, ["not_sent", "sent", "booked", "completed"] as const),
  };
  let rest: Pick<NewLead, "source"> & Partial<NewLead>;
  if (promo) {
    const source = pick(random, PROMO_SOURCES);
    const placement = PLACEMENT_TAG[source];
    const expiresAt = new Date(createdAt.getTime() + (options.promoDays ?? 7) * DAY_MS);
    const lapsed = expiresAt.getTime() <= now.getTime();
    const roll = random();
    const promoStatus = status === "converted" && roll < 0.5 ? "used" : roll < 0.05 ? "disabled" : lapsed ? "expired" : "active";
    rest = {
      source,
      tier: "1",
      tags: placement ? [PROMO_TAG, placement] : [PROMO_TAG],
      promoCode: demoPromoCode(random, createdAt),
      promoStatus,
      promoExpiresAt: expiresAt,
      promoEmailSentAt: createdAt,
    };
  } else {
    rest = {
      source: pick(random, OTHER_SOURCES),
      tier: random() < 0.9 ? pick(random, ["1", "2", "3", "4", "catering", "rentals"] as const) : null,
      tags: [],
    };
  }
  return { ...base, ...rest, ...overrides };
}

/** A client, optionally made from a (converted) lead. */
export function demoClient(
  random: Random,
  options: { now?: Date; lead?: NewLead & { id?: string } } = {},
  overrides: Partial<NewClient> = {},
): NewClient {
  const now = options.now ?? new Date();
  const lead = options.lead;
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const tier = lead?.tier && /^[1-4]$/.test(lead.tier) ? (lead.tier as "1" | "2" | "3" | "4") : pick(random, ["1", "2", "3", "4"] as const);
  return {
    name: lead?.name ?? `${first} ${last}`,
    email: lead?.email ?? `${first}.${last}@${pick(random, DOMAINS)}`.toLowerCase(),
    phone: lead?.phone ?? null,
    tier,
    status: pick(random, ["active", "active", "active", "pending", "paused", "completed"] as const),
    paymentStatus: pick(random, ["pending", "paid", "paid", "partial", "unpaid"] as const),
    leadId: lead?.id ?? null,
    referralCode: mintReferralCode((size) => Math.floor(random() * size)),
    notes: random() < 0.4 ? "Prefers e-mail. Busy season is May to September." : null,
    createdAt: new Date(now.getTime() - Math.floor(random() * 180 * DAY_MS)),
    ...overrides,
  };
}

/** A project of a client. `projectNumber` must be unique: pass a sequence. */
export function demoProject(random: Random, options: { clientId: string; tier: "1" | "2" | "3" | "4"; sequence: number; now?: Date }): NewProject {
  const now = options.now ?? new Date();
  const deadline = new Date(now.getTime() + Math.floor((random() * 40 - 10) * DAY_MS));
  return {
    clientId: options.clientId,
    name: `${pick(random, BUSINESS_WORDS)} website`,
    projectNumber: `PRJ-${9000 + options.sequence}`,
    tier: options.tier,
    status: pick(random, ["not_started", "in_progress", "in_progress", "pending_revision", "final_edits", "complete"] as const),
    deliveryDeadline: deadline.toISOString().slice(0, 10),
  };
}
