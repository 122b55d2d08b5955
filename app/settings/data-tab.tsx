import { useLoaderData } from "react-router";
import { latestEntryOf } from "~/audit/audit-log.server";
import { ConfirmIdentityCard } from "~/auth/confirm-identity-form";
import { requireAdmin } from "~/auth/guard.server";
import { confirmationState, requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { copiesOlderThan, deleteCopiesOlderThan, isEmbedded, keptBackupFile, listBackups } from "~/backups/backups.server";
import { exportedFileNames } from "~/data-transfer/full-export.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { settingsSave } from "~/organization/settings-save.server";
import { ERASURE_ACTION, erasePerson, type PersonRequest } from "~/personal-data/person-data.server";
import { restoreEmbeddedDatabase } from "~/server-lifecycle.server";
import { formatDateTime } from "~/formatting/dates";
import { formatFileSize } from "~/ui/file-size";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/data-tab";
import { BackupCard, ErasureCard, ExportEverythingCard, OldCopiesCard, PersonExportCard, PostgresBackupCard } from "./data-tab-cards";
import { confirmedForm, eraseClientForm, eraseLeadForm, keptBackupForm, personEmailForm, restoreBackupForm } from "./data-tab-forms";
import { backupSettingsForm } from "~/organization/settings-forms";
import { getOrganizationSettings, saveBackupSettings } from "~/organization/settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Data | Settings | Admin" }];

const DATA_TAB = "/admin/settings/data";

export async function loader({ request }: Route.LoaderArgs) {
  // The guard, and whether this session has confirmed it's the admin (the downloads and a restore ask for it).
  const [confirmation, settings] = await Promise.all([confirmationState(request), getOrganizationSettings()]);
  const timeZone = settings.timezone;
  const exportEmail = new URL(request.url).searchParams.get("person") ?? "";
  const common = { files: exportedFileNames(), exportEmail, confirmation, timeZone };
  if (!isEmbedded()) return { ...common, embedded: false as const };
  const erasedAt = await latestEntryOf(ERASURE_ACTION);
  const old = erasedAt ? await copiesOlderThan(erasedAt) : null;
  return {
    ...common,
    embedded: true as const,
    backupsKept: settings.backupsKept,
    backups: (await listBackups()).map((backup) => ({ name: backup.name, made: formatDateTime(backup.createdAt, timeZone), size: formatFileSize(backup.bytes) })),
    oldCopies:
      erasedAt && old && (old.backups.length > 0 || old.preRestore)
        ? {
            erasedAt: formatDateTime(erasedAt, timeZone),
            backups: old.backups.map((backup) => formatDateTime(backup.createdAt, timeZone)),
            preRestore: old.preRestore ? formatDateTime(old.preRestore.setAsideAt, timeZone) : null,
          }
        : null,
  };
}

function personOf(form: FormData): PersonRequest {
  if (form.has("leadId")) return parseForm(eraseLeadForm, form);
  if (form.has("clientId")) return parseForm(eraseClientForm, form);
  return parseForm(personEmailForm, form);
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  const restored = () =>
    redirectWithToast(DATA_TAB, {
      type: "success",
      title: "Database restored from backup",
      description: "Everyone is signed out: sign in again with the password you had when the backup was made.",
    });
  return answerForm(request, {
    "erase-person": async (form) => {
      const person = personOf(form);
      parseForm(confirmedForm, form);
      const erased = await erasePerson(actor, person);
      const [leadId] = erased.leadIds;
      const [clientId] = erased.clientIds;
      const back = "email" in person ? DATA_TAB : leadId && "leadId" in person ? `/admin/leads/${leadId}` : `/admin/clients/${clientId}`;
      return redirectWithToast(back, {
        type: "success",
        title: "Personal data erased",
        description: `${erased.leadIds.length} lead(s) and ${erased.clientIds.length} client(s) erased; invoices kept.`,
      });
    },
    // A restore replaces every account and credential too: it asks for the confirmation the downloads ask for.
    restore: async (form) => {
      await requireRecentConfirmation(request);
      const { backup } = parseForm(restoreBackupForm, { backup: form.get("backup"), confirmed: form.get("confirmed") });
      await restoreEmbeddedDatabase(actor, backup, backup.name);
      return restored();
    },
    "restore-kept": async (form) => {
      await requireRecentConfirmation(request);
      const { name } = parseForm(keptBackupForm, form);
      await restoreEmbeddedDatabase(actor, await keptBackupFile(name), name);
      return restored();
    },
    "save-backups": settingsSave("save-backups", backupSettingsForm, (input) => saveBackupSettings(actor, input)),
    "delete-old-copies": async (form) => {
      parseForm(confirmedForm, form);
      const erasedAt = await latestEntryOf(ERASURE_ACTION);
      const deleted = erasedAt ? await deleteCopiesOlderThan(actor, erasedAt) : 0;
      return redirectWithToast(DATA_TAB, { type: "success", title: "Old backups deleted", description: `${deleted} backup(s) deleted.` });
    },
  });
}

export default function DataTab() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-3xl gap-6">
      <ConfirmIdentityCard
        confirmation={data.confirmation}
        returnTo={DATA_TAB}
        timeZone={data.timeZone}
        purpose={{ asking: "Downloading the backup or everything", held: "the downloads below work" }}
      />
      {data.embedded && data.oldCopies ? <OldCopiesCard {...data.oldCopies} /> : null}
      <ExportEverythingCard files={data.files} />
      {data.embedded ? <BackupCard backups={data.backups} backupsKept={data.backupsKept} /> : <PostgresBackupCard />}
      <PersonExportCard email={data.exportEmail} />
      <ErasureCard />
    </div>
  );
}
