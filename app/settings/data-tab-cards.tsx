import Download from "lucide-react/icons/download";
import { Form, Link } from "react-router";
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND } from "~/backups/server-backup-commands";
import { useFormAction } from "~/forms/use-form-action";
import { Button, buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { ConfirmDialog, useConfirmedSubmit } from "~/forms/confirm-submit";

// The Data tab's cards (data-tab.tsx holds the loader and the actions they post to).

export type KeptBackupView = { name: string; made: string; size: string };

export function ExportEverythingCard({ files }: { files: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export everything</CardTitle>
        <CardDescription>
          A zip of CSV files: {files.join(", ")}. It holds every lead's and client's name, e-mail and phone: keep it as private as the back-office and
          delete it when done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* No `download` attribute: without a recent confirmation the link leads to the confirmation page first. */}
        <a href="/admin/settings/data/export" className={buttonVariants({ variant: "outline" })}>
          Export everything
        </a>
      </CardContent>
    </Card>
  );
}

export function PostgresBackupCard() {
  return (
    <TitledCard title="Backup and restore" description="This app runs on a PostgreSQL server: back it up with the server's tools." contentClassName="grid gap-2 text-sm">
      <p>
        Back up with <code>{PG_DUMP_COMMAND}</code> (every night, from cron; or your provider's snapshots) and restore with <code>{PG_RESTORE_COMMAND}</code>{" "}
        while the app is stopped. The operations guide (docs/operations.md, Backups) has a nightly cron line.
      </p>
    </TitledCard>
  );
}

/** A form whose button asks first, then posts with `confirmed=yes`. */
function ConfirmedForm({
  intent,
  children,
  title,
  description,
  confirmLabel,
  multipart = false,
  className,
}: {
  intent: string;
  children: (busy: boolean, errors: Partial<Record<string, string>>, values: Partial<Record<string, string>>) => React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  multipart?: boolean;
  className?: string;
}) {
  const { fetcher, busy, errors, values } = useFormAction({ intent });
  const { formRef, asking, setAsking, confirm } = useConfirmedSubmit(
    (form) => void fetcher.submit(form, { method: "post", ...(multipart ? { encType: "multipart/form-data" as const } : {}) }),
  );
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...(multipart ? { encType: "multipart/form-data" } : {})}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {children(busy, errors, values)}
      <ConfirmDialog open={asking} onOpenChange={setAsking} title={title} description={description} confirmLabel={confirmLabel} onConfirm={confirm} />
    </fetcher.Form>
  );
}

const RESTORE_WARNING =
  "Everything in the database now is replaced by the backup: changes made since it was taken are lost. The current database is kept aside as pgdata.before-restore until the next restore.";

function KeptBackups({ backups }: { backups: KeptBackupView[] }) {
  if (backups.length === 0) return <p className="text-sm text-muted-foreground">No nightly backup yet: the first is made within minutes of the app's start.</p>;
  return (
    <Table aria-label="Nightly backups">
      <TableHeader>
        <TableRow>
          <TableHead>Made</TableHead>
          <TableHead>Size</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {backups.map((backup) => (
          <TableRow key={backup.name}>
            <TableCell>{backup.made}</TableCell>
            <TableCell>{backup.size}</TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
                <a href={`/admin/settings/data/backups/${backup.name}`} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Download the backup of ${backup.made}`}>
                  <Download className="size-4" aria-hidden="true" /> Download
                </a>
                <ConfirmedForm intent="restore-kept" title={`Restore the backup of ${backup.made}?`} description={RESTORE_WARNING} confirmLabel="Restore">
                  {(busy) => (
                    <>
                      <input type="hidden" name="name" value={backup.name} />
                      <Button type="submit" variant="destructive" size="sm" disabled={busy} aria-label={`Restore the backup of ${backup.made}`}>
                        {busy ? "Restoring…" : "Restore"}
                      </Button>
                    </>
                  )}
                </ConfirmedForm>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function BackupsKeptForm({ backupsKept }: { backupsKept: number }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-backups" });
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" noValidate key={backupsKept}>
      <input type="hidden" name="intent" value="save-backups" />
      <FormField label="Nightly backups kept" name="backupsKept" required error={errors.backupsKept} description="The oldest beyond this many are deleted after each night's backup.">
        <Input type="number" inputMode="numeric" min={1} max={365} defaultValue={values.backupsKept ?? String(backupsKept)} className="w-28" />
      </FormField>
      <Button type="submit" variant="outline" disabled={busy}>
        Save
      </Button>
    </fetcher.Form>
  );
}

export function BackupCard({ backups, backupsKept }: { backups: KeptBackupView[]; backupsKept: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backup and restore</CardTitle>
        <CardDescription>
          The whole embedded database as one file: made every night and kept in the data directory, or downloaded now; and a restore from such a file. A
          backup holds every client's data and the admins' password hashes and two-factor secrets, but no session and not the secret that signs them:
          restoring one signs everyone out. Keep it encrypted, where only you can read it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <KeptBackups backups={backups} />
        <BackupsKeptForm backupsKept={backupsKept} />
        <div>
          <a href="/admin/settings/data/backup" className={buttonVariants({ variant: "outline" })}>
            Download backup
          </a>
        </div>
        <ConfirmedForm intent="restore" multipart title="Restore this backup?" description={RESTORE_WARNING} confirmLabel="Restore" className="flex flex-wrap items-end gap-3">
          {(busy, errors) => (
            <>
              <FormField label="Backup file" name="backup" error={errors.backup ?? errors.confirmed} className="min-w-64 flex-1">
                <Input type="file" accept=".tar.gz,.tgz,application/gzip" />
              </FormField>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? "Restoring…" : "Restore"}
              </Button>
            </>
          )}
        </ConfirmedForm>
      </CardContent>
    </Card>
  );
}

/** After an erasure: the copies made before it still hold the erased person's data. */
export function OldCopiesCard({ erasedAt, backups, preRestore }: { erasedAt: string; backups: string[]; preRestore: string | null }) {
  const named = [...backups.map((made) => `the backup of ${made}`), ...(preRestore ? [`the copy set aside by the restore of ${preRestore}`] : [])];
  return (
    <Card className="border-destructive">
      <CardHeader>
        <CardTitle>Backups that still hold erased data</CardTitle>
        <CardDescription role="status">
          These backups from before the erasure of {erasedAt} still hold data of the erased person: {named.join(", ")}. Delete them? Backups you downloaded
          hold it too.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmedForm
          intent="delete-old-copies"
          title="Delete the backups made before the erasure?"
          description="They cannot be restored afterwards. The nightly backups made from now on do not hold the erased data."
          confirmLabel="Delete them"
        >
          {(busy) => (
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete them
            </Button>
          )}
        </ConfirmedForm>
      </CardContent>
    </Card>
  );
}

/** A person's own export (GDPR Art. 15): a plain GET, so the browser downloads the zip; a refusal comes back here as a toast. */
export function PersonExportCard({ email }: { email: string }) {
  return (
    <TitledCard title="Export a person's data" description="On request: a zip of everything held about this address (leads, clients, bookings, e-mails, account…), as CSV files and a readable summary.">
      <Form method="get" action="/admin/settings/data/person-export" reloadDocument className="flex flex-wrap items-end gap-3">
        <FormField label="Person's e-mail address" name="email" id="person-export-email" className="min-w-64 flex-1">
          <Input type="email" required defaultValue={email} />
        </FormField>
        <Button type="submit" variant="outline">
          Export their data
        </Button>
      </Form>
    </TitledCard>
  );
}

export function ErasureCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Erase a person's data</CardTitle>
        <CardDescription>
          On request: everything held about this address, on every lead, client, booking, e-mail, account and list, is erased or replaced. Invoices stay with their
          numbers and totals. Also on each lead's and client's page. See the{" "}
          <Link to="/admin/settings/security/audit" className="underline">
            audit log
          </Link>{" "}
          for erasures made.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmedForm
          intent="erase-person"
          className="flex flex-wrap items-end gap-3"
          title="Erase this person's data?"
          description="Their name, e-mail, phone, messages, notes, e-mails and account are erased or replaced wherever they are held. This cannot be undone."
          confirmLabel="Erase"
        >
          {(busy, errors, values) => (
            <>
              <FormField label="E-mail address" name="email" error={errors.email ?? errors.confirmed} className="min-w-64 flex-1">
                <Input type="email" defaultValue={values.email} />
              </FormField>
              <Button type="submit" variant="destructive" disabled={busy}>
                Erase personal data
              </Button>
            </>
          )}
        </ConfirmedForm>
      </CardContent>
    </Card>
  );
}
