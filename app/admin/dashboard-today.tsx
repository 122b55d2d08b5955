import Check from "lucide-react/icons/check";
import { Link } from "react-router";
import { ConfirmBookingDialog } from "~/consultations/booking-dialogs";
import { formatDateTime, formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { HiddenInputs } from "~/forms/hidden-inputs";
import { useFormAction } from "~/forms/use-form-action";
import { RecordPaymentDialog } from "~/invoices/payment-fields";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import type { TodayList } from "./dashboard.server";

/**
 * The dashboard's Today view (decision 050), above the specification's cards: what needs doing
 * today, each with its action in place, so the owner does the morning's work from one screen.
 */

function TodayGroup({ id, title, total, more, empty, children }: { id: string; title: string; total: number; more: { to: string; label: string }; empty: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-2 rounded-lg border bg-background p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {title} <span className="text-sm font-normal text-muted-foreground">({total > 999 ? "999+" : total})</span>
        </h3>
        {total > 0 ? (
          <Link to={more.to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      {total === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : <ul className="grid gap-2">{children}</ul>}
    </section>
  );
}

function TodayRow({ label, children, action }: { label: string; children: React.ReactNode; action: React.ReactNode }) {
  return (
    <li aria-label={label} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 first:border-t-0 first:pt-0">
      <div className="min-w-0 text-sm">{children}</div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function MarkContacted({ lead }: { lead: { id: string; name: string } }) {
  const { fetcher, busy } = useFormAction({ intent: "mark-contacted", key: `contacted-${lead.id}` });
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <HiddenInputs fields={{ intent: "mark-contacted", leadId: lead.id }} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} icon={Check} aria-label={`Mark contacted: ${lead.name}`}>
        Mark contacted
      </Button>
    </fetcher.Form>
  );
}

export function TodayPanel({ today }: { today: TodayList }) {
  const { toContact, toConfirm, toCollect, timeZone } = today;
  const nothing = toContact.total + toConfirm.total + toCollect.total === 0;
  return (
    <section aria-labelledby="today-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-title" className="text-lg font-semibold">
          Today
        </h2>
        <p className="text-sm text-muted-foreground">{nothing ? "Nothing is waiting for you." : `${formatDay(today.today, "long")} · times in ${timeZone}`}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <TodayGroup id="today-leads" title="New leads to contact" total={toContact.total} more={{ to: "/admin/leads?status=new", label: "All new leads" }} empty="Every lead has been contacted.">
          {toContact.leads.map((lead) => (
            <TodayRow key={lead.id} label={lead.name} action={<MarkContacted lead={lead} />}>
              <Link to={`/admin/leads/${lead.id}`} className="block truncate font-medium hover:underline">
                {lead.name}
              </Link>
              <span className="block truncate text-muted-foreground">
                {lead.source} · {formatDateTime(lead.createdAt, timeZone)}
              </span>
            </TodayRow>
          ))}
        </TodayGroup>
        <TodayGroup id="today-bookings" title="Bookings to confirm" total={toConfirm.total} more={{ to: "/admin/bookings?status=pending", label: "All bookings" }} empty="No booking is waiting for a meeting link.">
          {toConfirm.bookings.map((booking) => (
            <TodayRow key={booking.id} label={booking.lead.name} action={<ConfirmBookingDialog booking={booking} defaultMeetingLink={today.defaultMeetingLink} />}>
              <span className="block truncate font-medium">{booking.lead.name}</span>
              <span className="block text-muted-foreground">{formatDateTime(booking.selectedStart, timeZone)}</span>
            </TodayRow>
          ))}
        </TodayGroup>
        <TodayGroup id="today-invoices" title="Invoices to collect" total={toCollect.total} more={{ to: "/admin/invoices?status=sent", label: "All invoices" }} empty="No invoice is due or part-paid.">
          {toCollect.invoices.map((invoice) => (
            <TodayRow key={invoice.id} label={invoice.invoiceNumber} action={<RecordPaymentDialog invoice={invoice} today={today.today} />}>
              <Link to={`/admin/invoices/${invoice.id}`} className="font-medium hover:underline">
                {invoice.invoiceNumber}
              </Link>{" "}
              {invoice.paidCents > 0 ? <Badge variant="secondary">Part-paid</Badge> : invoice.status === "overdue" || (invoice.dueDate !== null && invoice.dueDate < today.today) ? <Badge variant="destructive">Overdue</Badge> : <Badge variant="outline">Due today</Badge>}
              <span className="block truncate text-muted-foreground">
                {invoice.clientName} · {formatCents(invoice.balanceCents)} owed{invoice.dueDate ? ` · due ${formatDay(invoice.dueDate)}` : ""}
              </span>
            </TodayRow>
          ))}
        </TodayGroup>
      </div>
    </section>
  );
}
