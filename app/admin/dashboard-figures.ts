// The dashboard's figures and constants, pure so the page's components can read them.

/** Spec 001 §9: upcoming deadlines look 0 to 7 days ahead, list at most 5, urgent at 3 days or fewer. */
export const DEADLINE_WINDOW_DAYS = 7;
export const DEADLINE_LIST_LIMIT = 5;
export const URGENT_DEADLINE_DAYS = 3;

export type UpcomingDeadline = { projectId: string; projectLabel: string; clientName: string; tier: string; deadline: string; daysLeft: number };

export type DashboardFigures = {
  totalLeads: number;
  clients: { total: number; active: number };
  projects: { total: number; notStarted: number; inProgress: number; complete: number; progressPercent: number };
  deadlines: UpcomingDeadline[];
  revenue: { monthToDateCents: number; yearToDateCents: number };
  unpaid: { count: number; amountCents: number };
  overdue: { count: number; amountCents: number };
};

