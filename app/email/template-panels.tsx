import History from "lucide-react/icons/rotate-ccw-clock";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Send from "lucide-react/icons/send";
import X from "lucide-react/icons/x";
import { Link } from "react-router";
import { useFormAction } from "~/forms/use-form-action";
import { Button, LinkButton } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { EmailPreview } from "./template-editor";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** 'Send test': the saved template with sample values to any address, through the outbox. */
export function SendTestPanel({ defaultTo }: { defaultTo: string }) {
  const { fetcher, busy, errors, values } = useFormAction<{ messageId: string }>({ intent: "send-test" });
  const queued = fetcher.data?.ok ? fetcher.data.messageId : null;
  return (
    <TitledCard title="Send test" description="Sends the saved version with sample values, marked as a test in the e-mail log.">
      <fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-2" aria-label="Send test">
        <input type="hidden" name="intent" value="send-test" />
        <FormField label="Send to" name="to" required error={errors.to} className="min-w-56 flex-1">
          <Input type="email" defaultValue={values.to ?? defaultTo} maxLength={254} autoComplete="email" />
        </FormField>
        <Button type="submit" variant="secondary" disabled={busy} icon={Send}>
          Send Test
        </Button>
      </fetcher.Form>
      {queued ? (
        <p role="status" className="mt-3 text-sm">
          Queued.{" "}
          <Link to={`/admin/emails/${queued}`} className="font-medium underline">
            Open it in the e-mail log
          </Link>
        </p>
      ) : null}
    </TitledCard>
  );
}

type VersionSummary = { version: number; subject: string; savedAt: Date | string; savedBy: string | null };

/** Every earlier version, newest first; each opens read-only. */
export function VersionsPanel({ templateId, current, versions, timeZone }: { templateId: string; current: { version: number; updatedAt: Date | string; updatedBy: string | null }; versions: VersionSummary[]; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4" aria-hidden="true" /> Versions
        </CardTitle>
        <CardDescription>Each save keeps the version before it.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 text-sm" aria-label="Versions">
          <li className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">v{current.version} (current)</span>
            <span className="text-muted-foreground">
              {formatDateTime(current.updatedAt, timeZone)}
              {current.updatedBy ? ` · ${current.updatedBy}` : ""}
            </span>
          </li>
          {versions.map((version) => (
            <li key={version.version} className="flex flex-wrap justify-between gap-2">
              <Link to={`/admin/templates/${templateId}?version=${version.version}`} className="font-medium underline-offset-2 hover:underline" preventScrollReset>
                v{version.version}
              </Link>
              <span className="text-muted-foreground">
                {formatDateTime(version.savedAt, timeZone)}
                {version.savedBy ? ` · ${version.savedBy}` : " · as shipped"}
              </span>
            </li>
          ))}
        </ol>
        {versions.length === 0 ? <p className="text-sm text-muted-foreground">No earlier versions yet.</p> : null}
      </CardContent>
    </Card>
  );
}

type VersionText = { version: number; name: string; subject: string; preheader: string | null; bodyHtml: string; bodyText: string; savedAt: Date | string; savedBy: string | null };

/** An earlier version, read-only, with 'Restore' (saved as the newest version). */
export function VersionView({ templateId, version, currentVersion, sampleValues, timeZone }: { templateId: string; version: VersionText; currentVersion: number; sampleValues: Record<string, string>; timeZone: string }) {
  const { fetcher, busy } = useFormAction({ intent: "restore-version" });
  return (
    <Card aria-label={`Version ${version.version}`} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Version {version.version} (read-only)</CardTitle>
          <CardDescription>
            Saved {formatDateTime(version.savedAt, timeZone)}
            {version.savedBy ? ` by ${version.savedBy}` : " (as shipped)"} · name “{version.name}”
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <fetcher.Form method="post" noValidate>
            <HiddenInputs fields={{ intent: "restore-version", version: version.version, currentVersion }} />
            <Button type="submit" size="sm" disabled={busy} icon={RotateCcw}>
              Restore
            </Button>
          </fetcher.Form>
          <LinkButton to={`/admin/templates/${templateId}`} preventScrollReset size="sm" variant="ghost" icon={X}>
            Close
          </LinkButton>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <EmailPreview draft={{ subject: version.subject, preheader: version.preheader ?? "", bodyHtml: version.bodyHtml, bodyText: version.bodyText }} sampleValues={sampleValues} label={`Version ${version.version}`} />
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">HTML source</h3>
          {/* A long source scrolls in its box: focusable, so the keyboard scrolls it too (WCAG 2.1.1). */}
          <pre tabIndex={0} role="region" aria-label={`Version ${version.version}, HTML source`} className="max-h-96 overflow-auto whitespace-pre-wrap wrap-anywhere rounded-md border bg-muted/40 p-3 font-mono text-xs">{version.bodyHtml}</pre>
        </div>
      </CardContent>
    </Card>
  );
}
