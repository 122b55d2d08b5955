import CalendarClock from "lucide-react/icons/calendar-clock";
import DollarSign from "lucide-react/icons/dollar-sign";
import FileText from "lucide-react/icons/file-text";
import FolderKanban from "lucide-react/icons/folder-kanban";
import UserCheck from "lucide-react/icons/user-check";
import Users from "lucide-react/icons/users";
import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from "~/ui/card";
import { formatCents } from "~/formatting/money";
import { StatCard } from "~/ui/stat-card";
import { URGENT_DEADLINE_DAYS, type DashboardFigures } from "./dashboard-figures";




function CardLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring [&>*]:h-full [&>*]:transition-colors [&>*]:hover:border-primary/50">
      {children}
    </Link>
  );
}

/** The four key figures, each a card that opens the list it counts. */
export function DashboardCards({ figures }: { figures: DashboardFigures }) {
  const cards = [
    { to: "/admin/leads", label: "Total Leads", value: figures.totalLeads, Icon: Users, footer: "View all leads" },
    { to: "/admin/clients", label: "Active Clients", value: figures.clients.active, Icon: UserCheck, footer: `${figures.clients.total} total clients` },
    { to: "/admin/projects", label: "Projects in progress", value: figures.projects.inProgress, Icon: FolderKanban, footer: `${figures.projects.total} projects` },
    {
      to: "/admin/invoices?status=paid",
      label: "Revenue MTD",
      value: formatCents(figures.revenue.monthToDateCents),
      Icon: DollarSign,
      footer: `YTD ${formatCents(figures.revenue.yearToDateCents)}`,
    },
  ];
  return (
    <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ to, label, value, Icon, footer }) => (
        <CardLink key={to} to={to}>
          <StatCard label={label} value={value} icon={<Icon className="size-4" aria-hidden="true" />} footer={footer} />
        </CardLink>
      ))}
    </section>
  );
}

export function ProjectStatusPanel({ projects }: { projects: DashboardFigures["projects"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Link to="/admin/projects" className="hover:underline">
            Project Status
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-baseline justify-between">
          <span className="text-sm text-muted-foreground">Overall progress</span>
          <span className="text-2xl font-bold">{projects.progressPercent}%</span>
        </div>
        <div className="h-2 rounded-full bg-muted" role="progressbar" aria-label="Overall progress" aria-valuenow={projects.progressPercent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-2 rounded-full bg-primary" style={{ width: `${projects.progressPercent}%` }} />
        </div>
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          {(
            [
              ["Not Started", projects.notStarted],
              ["In Progress", projects.inProgress],
              ["Complete", projects.complete],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-md border p-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function UpcomingDeadlinesPanel({ deadlines }: { deadlines: DashboardFigures["deadlines"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-4" aria-hidden="true" /> Upcoming Deadlines (7 Days)
        </CardTitle>
      </CardHeader>
      <CardContent>
        {deadlines.length === 0 ? <p className="text-sm text-muted-foreground">No deadlines in the next 7 days.</p> : null}
        <ul className="grid gap-2">
          {deadlines.map((deadline) => (
            <li key={deadline.projectId} className="flex items-center justify-between gap-2 text-sm">
              <Link to={`/admin/projects/${deadline.projectId}`} className="hover:underline">
                <span className="font-medium">{deadline.projectLabel}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · {deadline.clientName} · Tier {deadline.tier}
                </span>
              </Link>
              <Badge variant={deadline.daysLeft <= URGENT_DEADLINE_DAYS ? "destructive" : "secondary"}>
                {deadline.daysLeft === 0 ? "Today" : `${deadline.daysLeft} days`}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function FinancialSummaryPanel({ figures }: { figures: DashboardFigures }) {
  const rows: [string, string, string][] = [
    ["Revenue MTD", formatCents(figures.revenue.monthToDateCents), "/admin/invoices?status=paid"],
    ["Revenue YTD", formatCents(figures.revenue.yearToDateCents), "/admin/invoices?status=paid"],
    ["Unpaid invoices", `${figures.unpaid.count} · ${formatCents(figures.unpaid.amountCents)}`, "/admin/invoices?status=sent"],
    ["Overdue invoices", `${figures.overdue.count} · ${formatCents(figures.overdue.amountCents)}`, "/admin/invoices?status=overdue"],
  ];
  return (
    <TitledCard title="Financial Summary">
      <dl className="grid gap-2 text-sm" aria-label="Financial summary">
        {rows.map(([label, value, href]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>
              <Link to={href} className="hover:underline">
                {label}
              </Link>
            </dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </TitledCard>
  );
}

export function QuickActionsPanel() {
  const actions: [string, string, React.ReactNode][] = [
    ["Leads", "/admin/leads", <Users key="l" className="size-4" aria-hidden="true" />],
    ["Clients", "/admin/clients", <UserCheck key="c" className="size-4" aria-hidden="true" />],
    ["Projects", "/admin/projects", <FolderKanban key="p" className="size-4" aria-hidden="true" />],
    ["Invoices", "/admin/invoices", <FileText key="i" className="size-4" aria-hidden="true" />],
  ];
  return (
    <TitledCard title="Quick Actions" contentClassName="grid grid-cols-2 gap-2">
      {actions.map(([label, href, icon]) => (
        <LinkButton key={href} to={href} variant="outline">
          {icon} {label}
        </LinkButton>
      ))}
    </TitledCard>
  );
}
