import * as React from "react";
import type { AuditEntry } from "~/audit/schema";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { FormField } from "~/ui/form-field";
import { Textarea } from "~/ui/textarea";
import { describeTimelineEntry } from "./lead-timeline-text";
import type { LeadTimelineEntry } from "./lead-timeline.server";

function NoteForm() {
  const formRef = React.useRef<HTMLFormElement>(null);
  const { fetcher, busy, errors, values } = useFormAction({ intent: "add-note", onSuccess: () => formRef.current?.reset() });
  return (
    <fetcher.Form ref={formRef} method="post" className="grid gap-2" noValidate>
      <input type="hidden" name="intent" value="add-note" />
      <FormField label="Add a note" name="note" error={errors.note}>
        <Textarea rows={3} maxLength={5000} defaultValue={values.note} placeholder="What did you talk about? What's next?" />
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Save Note
        </Button>
      </div>
    </fetcher.Form>
  );
}

type TimelineItem =
  | { kind: "event"; at: number; entry: LeadTimelineEntry }
  | { kind: "audit"; at: number; entry: Pick<AuditEntry, "id" | "occurredAt" | "summary" | "actorEmail" | "ipAddress"> };

/** The lead's timeline, newest first, with the note form on top; the audit log's entries for the lead are merged in. */
export function LeadTimelineCard({
  timeline,
  audit = [],
  timeZone,
}: {
  timeline: LeadTimelineEntry[];
  audit?: Pick<AuditEntry, "id" | "occurredAt" | "summary" | "actorEmail" | "ipAddress">[];
  timeZone: string;
}) {
  const items: TimelineItem[] = [
    ...timeline.map((entry): TimelineItem => ({ kind: "event", at: new Date(entry.createdAt).getTime(), entry })),
    ...audit.map((entry): TimelineItem => ({ kind: "audit", at: new Date(entry.occurredAt).getTime(), entry })),
  ].sort((a, b) => b.at - a.at);
  return (
    <TitledCard title="Timeline" className="content-start" contentClassName="grid gap-6">
      <NoteForm />
      <ol aria-label="Timeline" className="grid gap-4 border-l pl-4">
        {items.map((item) => {
          if (item.kind === "audit") {
            const { entry } = item;
            return (
              <li key={`audit-${entry.id}`} className="grid gap-0.5" data-audit-entry>
                <p className="text-sm font-medium">
                  <span className="text-muted-foreground">Audit log:</span> {entry.summary}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(entry.occurredAt, timeZone)}
                  {entry.actorEmail ? ` · by ${entry.actorEmail}` : ""}
                  {entry.ipAddress ? ` from ${entry.ipAddress}` : ""}
                </p>
              </li>
            );
          }
          const { entry } = item;
          const { title, detail } = describeTimelineEntry(entry, timeZone);
          return (
            <li key={entry.id} className="grid gap-0.5">
              <p className="text-sm font-medium">{title}</p>
              {detail ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{detail}</p> : null}
              <p className="text-xs text-muted-foreground">
                {formatDateTime(entry.createdAt, timeZone)}
                {entry.actorName ? ` · by ${entry.actorName}` : ""}
              </p>
            </li>
          );
        })}
      </ol>
    </TitledCard>
  );
}
