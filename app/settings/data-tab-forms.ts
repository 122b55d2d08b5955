import { z } from "~/forms/zod";
import { emailAddress } from "~/forms/text-field";

// The Data tab's own forms (erase, export, restore); the backups-kept setting is the organization's
// (app/organization/settings-forms.ts). Pure: unit-tested in data-tab-forms.test.ts.

/** A person by their e-mail address (Data tab): to erase their data, or to export it. */
export const personEmailForm = z.object({
  email: emailAddress("Enter the person's e-mail address"),
});
/** 'Erase personal data' of one record (its page), or by address; confirmed in the dialog. */
export const eraseLeadForm = z.object({ leadId: z.uuid("This lead no longer exists.") });
export const eraseClientForm = z.object({ clientId: z.uuid("This client no longer exists.") });
export const confirmedForm = z.object({ confirmed: z.literal("yes", { error: "Confirm first" }) });

/** 'Restore' of a backup the app keeps, by its name as listed; confirmed in the dialog. */
export const keptBackupForm = z.object({
  name: z.string({ error: "Choose a backup" }).regex(/^agency-backup-\d{8}T\d{6}Z\.tar\.gz$/, "Choose a backup from the list"),
  confirmed: z.literal("yes", { error: "Confirm the restore first" }),
});

/** 'Restore': the backup file, confirmed in the dialog. */
export const restoreBackupForm = z.object({
  backup: z
    .instanceof(File, { error: "Choose a backup file" })
    .refine((file) => file.size > 0, "Choose a backup file"),
  confirmed: z.literal("yes", { error: "Confirm the restore first" }),
});
