import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { formatDateTime } from "~/ui/date-format";
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

/** The lead's timeline, newest first, with the note form on top. */
export function LeadTimelineCard({ timeline, timeZone }: { timeline: LeadTimelineEntry[]; timeZone: string }) {
  return (
    <Card className="content-start">
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NoteForm />
        <ol aria-label="Timeline" className="grid gap-4 border-l pl-4">
          {timeline.map((entry) => {
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
      </CardContent>
    </Card>
  );
}
