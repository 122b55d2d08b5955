import * as React from "react";
import { Link } from "react-router";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { formatDate, formatDateTime, formatDayTimes } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { isOverdue } from "~/projects/project-checklist";
import type { ProjectDetail } from "./project-detail.server";
import { Deadline, ProgressBar, ProjectStatusBadge } from "~/projects/project-display";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "~/projects/project-options";
import { tierLabel, type TierNames } from "~/organization/tier-names";

type Project = ProjectDetail["project"];

/** The details form ('Project updated successfully'); the tier changes through 'Upgrade Tier'. */
export function ProjectDetailsForm({ project }: { project: Project }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "update-project" });
  const value = (name: string, stored: string | number | null) => values[name] ?? (stored === null ? "" : String(stored));
  return (
    <TitledCard title="Details" titleAs="h2">
      {/* Keyed by the stored row's update time: a save elsewhere (board, upgrade) refreshes the fields. */}
      <fetcher.Form key={String(project.updatedAt)} method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="update-project" />
        <FormField label="Project name" name="name" required error={errors.name}>
          <Input defaultValue={value("name", project.name)} maxLength={200} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Status" name="status" error={errors.status}>
            <NativeSelect defaultValue={value("status", project.status)}>
              <NativeSelectOptions options={PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] }))} />
            </NativeSelect>
          </FormField>
          <FormField label="Delivery deadline" name="deliveryDeadline" error={errors.deliveryDeadline}>
            <Input type="date" defaultValue={value("deliveryDeadline", project.deliveryDeadline)} />
          </FormField>
          <FormField label="Version" name="versionNumber" error={errors.versionNumber}>
            <Input type="number" min={1} max={999} step={1} defaultValue={value("versionNumber", project.versionNumber)} />
          </FormField>
          <FormField label="Revisions (feedback rounds)" name="feedbackRounds" error={errors.feedbackRounds}>
            <Input type="number" min={0} max={999} step={1} defaultValue={value("feedbackRounds", project.feedbackRounds)} />
          </FormField>
        </div>
        <FormField label="Project URL" name="projectUrl" error={errors.projectUrl}>
          <Input type="url" defaultValue={value("projectUrl", project.projectUrl)} maxLength={500} placeholder="https://" />
        </FormField>
        <div className="flex items-center gap-2">
          <NativeCheckbox
            id="handoffComplete"
            name="handoffComplete"
            defaultChecked={values.handoffComplete !== undefined ? values.handoffComplete === "on" : project.handoffComplete}
          />
          <label htmlFor="handoffComplete" className="text-sm">
            Handoff complete
          </label>
        </div>
        <FormField label="Internal notes" name="internalNotes" error={errors.internalNotes}>
          <Textarea defaultValue={value("internalNotes", project.internalNotes)} rows={4} maxLength={10_000} />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save Changes"}
          </Button>
        </div>
      </fetcher.Form>
    </TitledCard>
  );
}

export function ProjectInfoPanel({ detail, tierNames }: { detail: ProjectDetail; tierNames: TierNames }) {
  const { project, client, progress, today, timeZone } = detail;
  const rows: [string, React.ReactNode][] = [
    ["Project number", <span key="n" className="font-mono">{project.projectNumber}</span>],
    ["Client", <Link key="c" to={`/admin/clients/${client.id}`} className="underline">{client.name}</Link>],
    ["Client email", client.email],
    ["Tier", tierLabel(project.tier, tierNames)],
    ["Status", <ProjectStatusBadge key="s" status={project.status} />],
    ["Deadline", <Deadline key="d" deadline={project.deliveryDeadline} overdue={isOverdue(project, today)} />],
    ["Version", `v${project.versionNumber}`],
    ["Revisions", project.feedbackRounds],
    ["Handoff", project.handoffComplete ? "Complete" : "Pending"],
    ["Site", project.projectUrl ? <a key="u" href={project.projectUrl} target="_blank" rel="noreferrer" className="underline break-all">{project.projectUrl}</a> : "—"],
    ["Created", formatDate(project.createdAt, timeZone)],
  ];
  return (
    <TitledCard title="Project Info" titleAs="h2" contentClassName="grid gap-4">
      <ProgressBar progress={progress} label="Checklist progress" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, content]) => (
          <React.Fragment key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{content}</dd>
          </React.Fragment>
        ))}
      </dl>
    </TitledCard>
  );
}

/** Discovery calls linked to the project from the client's page, and its consultations. */
export function ProjectCallsPanel({ detail }: { detail: ProjectDetail }) {
  const { discoveryCalls, consultations, timeZone } = detail;
  return (
    <TitledCard title="Calls &amp; Consultations" titleAs="h2" contentClassName="grid gap-4 text-sm">
      <section aria-label="Discovery calls" className="grid gap-1">
        <h3 className="font-medium">Discovery calls</h3>
        {discoveryCalls.length === 0 ? (
          <p className="text-muted-foreground">None linked. Link one from the client&apos;s page.</p>
        ) : (
          <ul className="grid gap-1">
            {discoveryCalls.map((call) => (
              <li key={call.id} className="flex justify-between gap-2">
                <span>
                  {call.selectedStart
                    ? formatDateTime(call.selectedStart, timeZone)
                    : call.consultation?.date && call.consultation.startTime && call.consultation.endTime
                      ? formatDayTimes(call.consultation.date, call.consultation.startTime, call.consultation.endTime)
                      : "No time chosen"}
                </span>
                <span className="text-muted-foreground">{call.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Consultations" className="grid gap-1">
        <h3 className="font-medium">Consultations</h3>
        {consultations.length === 0 ? (
          <p className="text-muted-foreground">No consultations for this project.</p>
        ) : (
          <ul className="grid gap-1">
            {consultations.map((consultation) => (
              <li key={consultation.id} className="flex justify-between gap-2">
                <span>
                  {consultation.scheduledDate ? formatDate(`${consultation.scheduledDate}T12:00:00Z`, "UTC") : "Not scheduled"}
                  {consultation.scheduledStartTime ? ` ${consultation.scheduledStartTime.slice(0, 5)}` : ""} · {consultation.consultType}
                </span>
                <span className="text-muted-foreground">{consultation.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </TitledCard>
  );
}
