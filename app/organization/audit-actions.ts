/** A Settings tab's save keeps the names of the fields whose value changed. */
type ChangedSettings = { changed: string[] };

/** The saves of organization settings (the booking settings are saved from the Availability tab). */
export type SettingsSaveAction = "settings.save-organization" | "settings.save-email" | "settings.save-promos" | "settings.save-backups" | "settings.security" | "availability.settings";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "settings.save-organization": ChangedSettings;
    "settings.save-email": ChangedSettings;
    "settings.save-promos": ChangedSettings;
    "settings.save-backups": ChangedSettings;
    "settings.security": ChangedSettings;
    "availability.settings": ChangedSettings;
    "settings.save-tier": { priceCents: number; promoPriceCents: number | null };
  }
}

export {};
