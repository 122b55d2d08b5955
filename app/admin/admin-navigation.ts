import type { LucideIcon } from "lucide-react";
import BarChart3 from "lucide-react/icons/chart-column";
import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarRange from "lucide-react/icons/calendar-range";
import FileSignature from "lucide-react/icons/file-pen-line";
import FileText from "lucide-react/icons/file-text";
import FlaskConical from "lucide-react/icons/flask-conical";
import FolderKanban from "lucide-react/icons/folder-kanban";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import Mail from "lucide-react/icons/mail";
import Megaphone from "lucide-react/icons/megaphone";
import PackagePlus from "lucide-react/icons/package-plus";
import Settings from "lucide-react/icons/settings";
import Share2 from "lucide-react/icons/share-2";
import UserRound from "lucide-react/icons/user-round";
import Users from "lucide-react/icons/users";
import Workflow from "lucide-react/icons/workflow";

export type AdminNavItem = { label: string; to: string; icon: LucideIcon };

/** The back-office navigation, in the order of the specification (001, Admin shell). */
export const ADMIN_NAVIGATION: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard },
  { label: "Leads", to: "/admin/leads", icon: Users },
  { label: "Consultations", to: "/admin/consultations", icon: CalendarCheck },
  // Not in the specification's list: where bookings wait for 'Confirm' (decision 050).
  { label: "Bookings", to: "/admin/bookings", icon: CalendarRange },
  { label: "Availability", to: "/admin/availability", icon: CalendarClock },
  { label: "Clients", to: "/admin/clients", icon: UserRound },
  { label: "Projects", to: "/admin/projects", icon: FolderKanban },
  { label: "Proposals", to: "/admin/proposals", icon: FileSignature },
  { label: "Invoices", to: "/admin/invoices", icon: FileText },
  { label: "Add-Ons", to: "/admin/add-ons", icon: PackagePlus },
  { label: "Campaigns", to: "/admin/campaigns", icon: Megaphone },
  { label: "Templates", to: "/admin/templates", icon: Mail },
  { label: "Cadences", to: "/admin/cadences", icon: Workflow },
  { label: "Emails", to: "/admin/emails", icon: Mail },
  { label: "Testing", to: "/admin/testing", icon: FlaskConical },
  { label: "Analytics", to: "/admin/analytics", icon: BarChart3 },
  { label: "Referrals", to: "/admin/referrals", icon: Share2 },
  { label: "Settings", to: "/admin/settings", icon: Settings },
];
