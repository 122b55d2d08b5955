import {
  BarChart3,
  CalendarCheck,
  CalendarClock,
  FileText,
  FlaskConical,
  FolderKanban,
  LayoutDashboard,
  Mail,
  Megaphone,
  PackagePlus,
  Settings,
  Share2,
  UserRound,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = { label: string; to: string; icon: LucideIcon };

/** The back-office navigation, in the order of the specification (001, Admin shell). */
export const ADMIN_NAVIGATION: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard },
  { label: "Leads", to: "/admin/leads", icon: Users },
  { label: "Consultations", to: "/admin/consultations", icon: CalendarCheck },
  { label: "Availability", to: "/admin/availability", icon: CalendarClock },
  { label: "Clients", to: "/admin/clients", icon: UserRound },
  { label: "Projects", to: "/admin/projects", icon: FolderKanban },
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
