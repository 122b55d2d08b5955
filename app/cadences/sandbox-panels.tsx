import * as React from "react";
import { Link, useRevalidator } from "react-router";
import { Badge, type BadgeProps } from "~/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import type { CadenceSchedule, SandboxSend } from "./sandbox.server";

/** A chosen cadence's schedule: which step goes when, with which template, under which conditions. */
export function CadenceTimeline({ schedule }: { schedule: CadenceSchedule }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{schedule.name}: schedule</CardTitle>
        <CardDescription>
          Trigger: {schedule.trigger} · {schedule.status === "active" ? "Active" : "Paused"}. A test sends every step now; real leads get each
          step after its delay.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {schedule.steps.length === 0 ? (
          <p className="text-sm text-muted-foreground">This cadence has no steps yet.</p>
        ) : (
          <ol className="relative grid gap-4 border-l pl-6" aria-label="Cadence schedule">
            {schedule.steps.map((step) => (
              <li key={step.stepNumber} className="relative">
                <span className="absolute -left-[1.95rem] top-1 size-3 rounded-full border-2 border-primary bg-background" aria-hidden="true" />
                <p className="font-medium">
                  Step {step.stepNumber}: {step.when}
                </p>
                <p className="text-sm">{step.templateName ?? <span className="text-destructive">Template deleted (this step is skipped)</span>}</p>
                <p className="text-sm text-muted-foreground">{step.conditions.length > 0 ? `Only if: ${step.conditions.join("; ")}` : "Always sent"}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_BADGE: Record<SandboxSend["status"], BadgeProps["variant"]> = {
  pending: "secondary",
  sending: "secondary",
  sent: "success",
  stored: "outline",
  failed: "destructive",
  suppressed: "warning",
};

const STATUS_TEXT: Record<SandboxSend["status"], string> = {
  pending: "Queued",
  sending: "Sending",
  sent: "Sent",
  stored: "Stored (no mail server)",
  failed: "Failed",
  suppressed: "Suppressed",
};

/** What the sandbox sent, newest first; refreshes itself while something is still on its way. */
export function RecentTestSends({ sends, timeZone }: { sends: SandboxSend[]; timeZone: string }) {
  const revalidator = useRevalidator();
  const waiting = sends.some((send) => send.status === "pending" || send.status === "sending");
  React.useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  return (
    <TitledCard title="Recent test sends" description="Each opens in the e-mail log as it was sent.">
      {sends.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing sent from the sandbox yet.</p>
      ) : (
        <ul className="grid divide-y" aria-label="Recent test sends">
          {sends.map((send) => (
            <li key={send.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="grid">
                <Link to={`/admin/emails/${send.id}`} className="font-medium hover:underline">
                  {send.subject}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {send.source ? `${send.source} · ` : ""}to {send.toEmail} · {formatDateTime(send.createdAt, timeZone)}
                  {send.lastError ? ` · ${send.lastError}` : ""}
                </span>
              </div>
              <Badge variant={STATUS_BADGE[send.status]}>{STATUS_TEXT[send.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
