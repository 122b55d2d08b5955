import CalendarPlus from "lucide-react/icons/calendar-plus";
import Download from "lucide-react/icons/download";
import Mail from "lucide-react/icons/mail";
import { Link } from "react-router";
import { formatClockTime, formatDate, formatDay, formatLongDate } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { Badge } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import type { ClientCall } from "~/consultations/client-calls.server";
import { VisitorZoneSwitch } from "~/document/visitor-zone";
import type { PortalHome } from "./portal-home.server";

// The sections of the client's home in the portal, each a card of the public site's look.

export function Section({ id, title, action, children }: { id: string; title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export function ProjectsSection({ projects }: { projects: PortalHome["projects"] }) {
  return (
    <Section id="projects" title="Your projects">
      {projects.length === 0 ? <Empty>No project yet. Once we start on your site, you can follow it here.</Empty> : null}
      {projects.map((project) => (
        <article key={project.id} className="grid gap-3 border-t pt-4 first-of-type:border-t-0 first-of-type:pt-0" aria-label={project.label}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-lg font-semibold">{project.label}</h3>
            <Badge variant="outline">{project.status}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {project.tier}
            {project.deadline ? ` · delivery by ${formatDay(project.deadline, "long")}` : ""}
          </p>
          <div className="grid gap-1">
            <div className="flex justify-between text-sm">
              <span>Progress</span>
              <span className="font-medium tabular-nums">{project.percent}%</span>
            </div>
            <div role="progressbar" aria-label={`Progress of ${project.label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={project.percent} className="h-2 rounded-full bg-muted">
              <div className="h-2 rounded-full bg-primary" style={{ width: `${project.percent}%` }} />
            </div>
            <p className="text-xs text-muted-foreground">
              {project.complete} of {project.total} checklist items done
            </p>
          </div>
          {project.ticked.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-sm font-medium">What we have done ({project.ticked.length})</summary>
              <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
                {project.ticked.map((task) => (
                  <li key={task}>{task}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {project.addOns.length > 0 ? (
            <p className="text-sm">
              <span className="font-medium">Add-ons: </span>
              {project.addOns.map((addOn) => (addOn.quantity > 1 ? `${addOn.name} × ${addOn.quantity}` : addOn.name)).join(", ")}
            </p>
          ) : null}
        </article>
      ))}
    </Section>
  );
}

const INVOICE_STATUS: Record<string, string> = { sent: "Open", overdue: "Overdue", paid: "Paid", draft: "Draft" };

export function InvoicesSection({ invoices }: { invoices: PortalHome["invoices"] }) {
  return (
    <Section id="invoices" title="Your invoices">
      {invoices.length === 0 ? <Empty>No invoices yet.</Empty> : null}
      <ul className="grid gap-3">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="grid gap-2 rounded-lg border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/portal/invoices/${invoice.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                Invoice {invoice.invoiceNumber}
              </Link>
              <Badge variant={invoice.status === "paid" ? "secondary" : invoice.status === "overdue" ? "destructive" : "default"}>{INVOICE_STATUS[invoice.status] ?? invoice.status}</Badge>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">Total</dt>
                <dd className="tabular-nums">{formatCents(invoice.totalCents)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Paid</dt>
                <dd className="tabular-nums">{formatCents(invoice.paidCents)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Balance</dt>
                <dd className="font-semibold tabular-nums">{formatCents(invoice.balanceCents)}</dd>
              </div>
            </dl>
            {invoice.paymentInstruction ? (
              <p className="rounded-md bg-muted/60 p-2 text-sm">
                <span className="font-medium">How to pay: </span>
                {invoice.paymentInstruction}
              </p>
            ) : null}
            <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>{invoice.dueDate ? `Due ${formatDay(invoice.dueDate)}` : "Due on receipt"}</span>
              <a href={`/portal/invoices/${invoice.id}/pdf`} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                <Download className="size-4" aria-hidden="true" /> PDF<span className="sr-only"> of invoice {invoice.invoiceNumber}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function CallTime({ call, zone }: { call: ClientCall; zone: string }) {
  if (!call.start || !call.end) return <span className="font-semibold">No time chosen yet</span>;
  const start = new Date(call.start);
  return (
    <span className="font-semibold" data-testid="call-time">
      {formatLongDate(start, zone)}, {formatClockTime(start, zone)} – {formatClockTime(new Date(call.end), zone)}
    </span>
  );
}

export function CallsSection({ calls, zone }: { calls: PortalHome["calls"]; zone: string }) {
  return (
    <Section
      id="calls"
      title="Your calls"
      action={
        <LinkButton to="/portal/book" size="sm">
          Book a call
        </LinkButton>
      }
    >
      <VisitorZoneSwitch zone={zone} />
      <p className="text-sm text-muted-foreground">You can move or cancel a call here until {calls.cutoffHours} hours before it.</p>
      <h3 id="upcoming-calls" className="font-semibold">Upcoming</h3>
      {calls.upcoming.length === 0 ? <Empty>No upcoming calls.</Empty> : null}
      {/* Every upcoming call, however many (three is only how many a client may book here at once). */}
      <ul className="grid gap-3" aria-labelledby="upcoming-calls">
        {calls.upcoming.map((call) => (
          <li key={call.id} className="grid gap-2 rounded-lg border p-3" aria-label={call.title}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{call.title}</span>
              <Badge variant="outline">{call.status}</Badge>
            </div>
            <CallTime call={call} zone={zone} />
            {call.meetingLink ? (
              <a href={call.meetingLink} target="_blank" rel="noreferrer noopener" className="text-sm font-medium text-primary underline">
                Join the call
              </a>
            ) : null}
            <p className="flex flex-wrap gap-3 text-sm">
              {call.hasCalendarFile ? (
                <a href={`/portal/consultations/${call.id}/calendar`} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
                </a>
              ) : null}
              {call.canChange ? (
                <Link to={`/portal/consultations/${call.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {call.start ? "Move or cancel" : "Choose a time"}
                </Link>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {calls.past.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-semibold">Past calls ({calls.past.length})</summary>
          <ul className="mt-2 grid gap-2">
            {calls.past.map((call) => (
              <li key={call.id} className="flex flex-wrap justify-between gap-2 text-sm">
                <CallTime call={call} zone={zone} />
                <span className="text-muted-foreground">
                  {call.title} · {call.status}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Section>
  );
}

const REFERRAL_STATUS = { pending: "Not a client yet", converted: "Became a client", declined: "Did not go ahead" } as const;

export function ReferralsSection({ referral, timeZone }: { referral: PortalHome["referral"]; timeZone: string }) {
  return (
    <Section id="referrals" title="Refer a friend">
      {referral.link ? (
        <div className="grid gap-2">
          <label htmlFor="referral-link" className="text-sm">
            Share your link: when someone you sent becomes a client, you earn a commission on their first paid invoice.
          </label>
          <input id="referral-link" readOnly value={referral.link} className="w-full rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm" />
        </div>
      ) : (
        <Empty>Your referral link is on its way: ask us for it.</Empty>
      )}
      {referral.referrals.length === 0 ? (
        <Empty>Nobody has come through your link yet.</Empty>
      ) : (
        <ul className="grid gap-2" aria-label="Your referrals">
          {referral.referrals.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-2 rounded-lg border p-3 text-sm">
              <span>
                {formatDate(item.createdAt, timeZone)} · {REFERRAL_STATUS[item.status]}
              </span>
              <span className="tabular-nums">
                {item.commissionCents === null ? "No commission yet" : `Commission ${formatCents(item.commissionCents)} · ${item.paid ? "paid" : "to be paid"}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function EmailsSection({ emails, timeZone }: { emails: PortalHome["emails"]; timeZone: string }) {
  return (
    <Section id="emails" title="E-mails we sent you">
      {emails.length === 0 ? <Empty>No e-mails yet.</Empty> : null}
      <ul className="grid gap-1">
        {emails.map((email) => (
          <li key={email.id}>
            <Link to={`/portal/emails/${email.id}`} className="flex items-start justify-between gap-3 rounded-md p-2 text-sm hover:bg-muted">
              <span className="inline-flex items-start gap-2">
                <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="font-medium text-primary">{email.subject}</span>
              </span>
              <span className="shrink-0 text-muted-foreground">{formatDate(email.sentAt, timeZone)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
