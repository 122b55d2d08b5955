import { asc, eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { SettingsSaveAction } from "./audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { batchedReads } from "~/db/batched-reads.server";
import { currentDatabase, db, type DatabaseExecutor, type DatabaseHandle } from "~/db/connection.server";
import { declareKeptRead, keptShelf } from "~/db/kept-reads.server";
import { notFound } from "~/refusal/refusal";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { organizationSettings, packageTiers, type OrganizationSettings, type PackageTier } from "./schema";
import type { EmailSettingsInput, OrganizationSettingsInput, PromoSettingsInput, TierInput } from "./settings-forms";
import { DEFAULT_TIER_CATALOG } from "./tier-catalog";

/** The organization a new installation starts with; Settings changes it. */
export const DEFAULT_ORGANIZATION = {
  companyName: "Sister Site Studio",
  replyToEmail: "hello@sistersite.studio",
  agencyNotificationEmail: "hello@sistersite.studio",
  timezone: "America/New_York",
  promoDurationDays: 7,
  promoCodePrefix: "LAUNCH",
} as const;

/** The settings row and the tier catalogue, where missing (what an admin edited stays). */
export async function seedSettings(tx: DatabaseExecutor): Promise<void> {
  await tx.insert(organizationSettings).values({ id: 1, ...DEFAULT_ORGANIZATION }).onConflictDoNothing();
  await tx
    .insert(packageTiers)
    .values(DEFAULT_TIER_CATALOG.map((tier) => ({ ...tier, features: [...tier.features] })))
    .onConflictDoNothing();
}

/** The channel the settings row's and the tier catalog's triggers notify on every write (migrations 0027, 0028). */
export const ORGANIZATION_SETTINGS_CHANNEL = "organization_settings";


/**
 * The settings row, kept per process until a write to it is heard (decision 041): every page and
 * the guard read it, a few times a request. Never more than ten seconds old, in case a
 * notification is silently lost (a server connection that died without a word).
 */
const keptSettings = keptShelf<OrganizationSettings>(
  declareKeptRead({ name: "the settings row", channel: ORGANIZATION_SETTINGS_CHANNEL, dependsOn: [organizationSettings] }),
  { maxAgeMs: 10_000, limit: 1, where: "embedded" },
);

/** The one settings row; the seed creates it, so it always exists after start. Pass the caller's transaction when inside one. */
export async function getOrganizationSettings(executor?: DatabaseExecutor): Promise<OrganizationSettings> {
  if (executor) return requireSettings(await readSettings(executor));
  return keptSettings().get("row", new Date(), async () => ({
    // Frozen: every reader in this process shares the row.
    value: Object.freeze(requireSettings(await readSettingsTogether("row"))),
    until: Infinity,
  }));
}

function requireSettings(settings: OrganizationSettings | undefined): OrganizationSettings {
  if (!settings) throw new Error("Organization settings are missing: the seed has not run.");
  return settings;
}

async function readSettings(executor: DatabaseExecutor): Promise<OrganizationSettings | undefined> {
  const [settings] = await executor.select().from(organizationSettings).limit(1);
  return settings;
}

/**
 * The reads asked for in one turn share one query (decision 038): when nothing is kept (not yet
 * listening, or a change just heard), a back-office page's loaders, which start together, still
 * read the row once. Never older than the turn it was asked in.
 */
const readSettingsTogether = batchedReads<"row", OrganizationSettings>(async () => {
  const settings = await readSettings(db());
  return new Map(settings ? [["row", settings] as const] : []);
});

/**
 * The tier catalog, in display order, read each time: keeping it per process saved no measurable
 * CPU on any back-office page (decision 041, measured side by side), and the public pages that
 * show it keep their whole document already.
 */
export async function listPackageTiers(): Promise<readonly PackageTier[]> {
  return db().select().from(packageTiers).orderBy(asc(packageTiers.sortOrder));
}

/** The settings row and the tier catalog as this process last read them for the public site, per database. */
const lastReadForTheSite = new WeakMap<DatabaseHandle, { settings?: OrganizationSettings; tiers?: readonly PackageTier[] }>();

/**
 * For the public site's pages only: what `read` answers, or, while the database is away, what it
 * answered last in this process (decision 045). A visitor whose form was refused for the outage
 * gets its page back with what was typed, not an error page; the frame's name and address are a
 * few seconds old at worst. Everything else reads the database, and fails with it.
 */
async function orLastReadForTheSite<K extends "settings" | "tiers">(key: K, read: () => Promise<NonNullable<ReturnType<typeof lastReadFor>[K]>>) {
  const known = lastReadFor(currentDatabase());
  try {
    const value = await read();
    known[key] = value;
    return value;
  } catch (error) {
    const last = known[key];
    if (last && isDatabaseUnreachable(error)) return last;
    throw error;
  }
}

function lastReadFor(database: DatabaseHandle) {
  let known = lastReadForTheSite.get(database);
  if (!known) {
    known = {};
    lastReadForTheSite.set(database, known);
  }
  return known;
}

/** The settings row for the public site's frame (see orLastReadForTheSite). */
export function siteSettings(): Promise<OrganizationSettings> {
  return orLastReadForTheSite("settings", () => getOrganizationSettings());
}

/** The tier catalog for the public site's pages (see orLastReadForTheSite). */
export function siteTiers(): Promise<readonly PackageTier[]> {
  return orLastReadForTheSite("tiers", () => listPackageTiers());
}

type SettingsChanges = Partial<Omit<OrganizationSettings, "id" | "updatedAt">>;

/** Which Settings tab saved (the audit entry's action and words). */
type SettingsTab = { action: SettingsSaveAction; summary: string };

/**
 * Changes some of the organization's settings (the settings domain alone writes them), records the
 * names of the fields whose value changed in the audit log, and answers them. Every process hears
 * the change from the table's triggers and reads the row again (decisions 009 and 041).
 */
export async function updateOrganizationSettings(actor: Actor, tab: SettingsTab, changes: SettingsChanges): Promise<string[]> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(organizationSettings).where(eq(organizationSettings.id, 1)).for("update");
    if (!before) throw new Error("Organization settings are missing: the seed has not run.");
    const changed = (Object.keys(changes) as (keyof SettingsChanges)[]).filter((key) => changes[key] !== before[key]);
    if (changed.length > 0) {
      await tx
        .update(organizationSettings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(organizationSettings.id, 1));
      await recordAuditEntry(tx, actor, { action: tab.action, entityType: "settings", summary: tab.summary, details: { changed } });
    }
    return changed;
  });
}

export function saveOrganizationTab(actor: Actor, input: OrganizationSettingsInput): Promise<string[]> {
  return updateOrganizationSettings(actor, { action: "settings.save-organization", summary: "Organization settings saved" }, input);
}

export function saveEmailTab(actor: Actor, input: EmailSettingsInput): Promise<string[]> {
  return updateOrganizationSettings(actor, { action: "settings.save-email", summary: "Email settings saved" }, input);
}

export function savePromoTab(actor: Actor, input: PromoSettingsInput): Promise<string[]> {
  return updateOrganizationSettings(actor, { action: "settings.save-promos", summary: "Promo settings saved" }, input);
}

export function saveBackupSettings(actor: Actor, input: { backupsKept: number }): Promise<string[]> {
  return updateOrganizationSettings(actor, { action: "settings.save-backups", summary: "Backup settings saved" }, input);
}

/** Changes one tier of the catalog; public pages, invoices and draft invoices read it on their next request. */
export async function saveTier(actor: Actor, input: TierInput): Promise<PackageTier> {
  return db().transaction(async (tx) => {
    const [saved] = await tx
    .update(packageTiers)
    .set({
      name: input.name,
      tagline: input.tagline,
      priceCents: input.price,
      promoPriceCents: input.promoPrice,
      isCustomQuote: input.isCustomQuote,
      features: input.features,
      updatedAt: new Date(),
    })
    .where(eq(packageTiers.tier, input.tier))
    .returning();
    if (!saved) throw notFound("This tier no longer exists.");
    await recordAuditEntry(tx, actor, {
      action: "settings.save-tier",
      entityType: "tier",
      entityId: saved.tier,
      summary: `Tier ${saved.tier} (${saved.name}) saved`,
      details: { priceCents: saved.priceCents, promoPriceCents: saved.promoPriceCents },
    });
    return saved;
  });
}
