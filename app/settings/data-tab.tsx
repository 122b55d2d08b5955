import { Link, useLoaderData } from "react-router";
import { noteAuditEntry } from "~/audit/admin-audit.server";
import { ConfirmIdentityCard } from "~/auth/confirm-identity-form";
import { requireAdmin } from "~/auth/guard.server";
import { confirmationState } from "~/auth/recent-confirmation.server";
import { currentDatabase } from "~/db/connection.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { Refusal } from "~/forms/refusal";
import { useFormAction } from "~/forms/use-form-action";
import { BackupRefusedError, restoreEmbeddedDatabase } from "~/server-lifecycle.server";
import { buttonVariants } from "~/ui/button";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { redirectWithToast } from "~/forms/flash.server";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import type { Route } from "./+types/data-tab";
import { ConfirmDialog, useConfirmedSubmit } from "./confirm-submit";
import { exportedFileNames } from "~/data-transfer/full-export.server";
import { erasePerson, type ErasureRequest } from "./personal-data-erasure.server";
import { getOrganizationSettings } from "./settings.server";
import { confirmedForm, eraseByEmailForm, eraseClientForm, eraseLeadForm, restoreBackupForm } from "./settings-forms";

export const meta: Route.MetaFunction = () => [{ title: "Data | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  // The guard, and whether this session has confirmed it's the admin for the downloads.
  const [confirmation, settings] = await Promise.all([confirmationState(request), getOrganizationSettings()]);
  return { embedded: currentDatabase().kind === "embedded", files: exportedFileNames(), confirmation, timeZone: settings.timezone };
}

function erasureRequestOf(form: FormData): ErasureRequest {
  if (form.has("leadId")) return parseForm(eraseLeadForm, form);
  if (form.has("clientId")) return parseForm(eraseClientForm, form);
  return parseForm(eraseByEmailForm, form);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return answerForm(request, {
    "erase-person": async (form) => {
      const erasure = erasureRequestOf(form);
      parseForm(confirmedForm, form);
      const erased = await erasePerson(erasure);
      const [leadId] = erased.leadIds;
      const [clientId] = erased.clientIds;
      noteAuditEntry(request, {
        action: "settings.erase-person",
        entityType: leadId ? "lead" : "client",
        entityId: leadId ?? clientId ?? null,
        summary: `Personal data erased (${erased.leadIds.length} lead(s), ${erased.clientIds.length} client(s))`,
        details: { leadIds: erased.leadIds, clientIds: erased.clientIds },
      });
      const back = "email" in erasure ? "/admin/settings/data" : leadId && "leadId" in erasure ? `/admin/leads/${leadId}` : `/admin/clients/${clientId}`;
      return redirectWithToast(back, {
        type: "success",
        title: "Personal data erased",
        description: `${erased.leadIds.length} lead(s) and ${erased.clientIds.length} client(s) erased; invoices kept.`,
      });
    },
    restore: async (form) => {
      const { backup } = parseForm(restoreBackupForm, { backup: form.get("backup"), confirmed: form.get("confirmed") });
      try {
        await restoreEmbeddedDatabase(backup);
      } catch (error) {
        if (error instanceof DataDirLockedError) throw new Refusal(error.message, { status: 409, title: "Restore refused" });
        if (error instanceof BackupRefusedError) throw new Refusal(error.message, { field: "backup", title: "Restore refused" });
        throw error;
      }
      noteAuditEntry(request, { summary: `Database restored from backup ${backup.name}`, details: { bytes: backup.size } });
      return redirectWithToast("/admin/settings/data", {
        type: "success",
        title: "Database restored from backup",
        description: "If you are asked to, sign in again: sessions are those of the backup.",
      });
    },
  });
}

export default function DataTab() {
  const { embedded, files, confirmation, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-2xl gap-6">
      <ConfirmIdentityCard confirmation={confirmation} returnTo="/admin/settings/data" timeZone={timeZone} />
      <Card>
        <CardHeader>
          <CardTitle>Export everything</CardTitle>
          <CardDescription>
            A zip of CSV files: {files.join(", ")}. It holds every lead's and client's name, e-mail and phone: keep it as private as the back-office
            and delete it when done.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <a href="/admin/settings/data/export" className={buttonVariants({ variant: "outline" })}>
            Export everything
          </a>
        </CardContent>
      </Card>
      <BackupCard embedded={embedded} />
      <ErasureCard />
    </div>
  );
}

function BackupCard({ embedded }: { embedded: boolean }) {
  const { fetcher, busy, errors } = useFormAction({ intent: "restore" });
  const { formRef, asking, setAsking, confirm } = useConfirmedSubmit((form) => void fetcher.submit(form, { method: "post", encType: "multipart/form-data" }));
  if (!embedded) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Backup and restore</CardTitle>
          <CardDescription>This app runs on a PostgreSQL server: back it up with the server's tools.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            Back up with <code>pg_dump --format=custom "$DATABASE_URL" &gt; agency.dump</code> (or your provider's snapshots) and restore with{" "}
            <code>pg_restore --clean --dbname "$DATABASE_URL" agency.dump</code> while the app is stopped.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backup and restore</CardTitle>
        <CardDescription>
          The whole embedded database as one file, and a restore from such a file. The file holds everything needed to sign in as any admin
          (the session secret, every session, two-factor secrets and password hashes) besides all the data: store it encrypted, where only
          you can read it, and delete old copies.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <a href="/admin/settings/data/backup" className={buttonVariants({ variant: "outline" })}>
            Download backup
          </a>
        </div>
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="restore" />
          <FormField label="Backup file" name="backup" error={errors.backup ?? errors.confirmed} className="min-w-64 flex-1">
            <Input type="file" accept=".tar,application/x-tar" />
          </FormField>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Restoring…" : "Restore"}
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Restore this backup?"
            description="Everything in the database now is replaced by the backup: changes made since it was taken are lost. The current database is kept aside as pgdata.before-restore until the next restore."
            confirmLabel="Restore"
            onConfirm={confirm}
          />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function ErasureCard() {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "erase-person" });
  const { formRef, asking, setAsking, confirm } = useConfirmedSubmit((form) => void fetcher.submit(form, { method: "post" }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Erase a person's data</CardTitle>
        <CardDescription>
          On request: every lead and client with this address loses name, e-mail, phone, messages and notes. Invoices stay with their numbers and totals. Also
          on each lead's and client's page. See the <Link to="/admin/settings/security/audit" className="underline">audit log</Link> for erasures made.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="erase-person" />
          <FormField label="E-mail address" name="email" error={errors.email ?? errors.confirmed} className="min-w-64 flex-1">
            <Input type="email" defaultValue={values.email} />
          </FormField>
          <Button type="submit" variant="destructive" disabled={busy}>
            Erase personal data
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Erase this person's data?"
            description="Their name, e-mail, phone, messages and notes are replaced on every lead and client with this address. This cannot be undone."
            confirmLabel="Erase"
            onConfirm={confirm}
          />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
