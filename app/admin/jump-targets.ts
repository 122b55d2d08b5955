import { ADMIN_NAVIGATION } from "./admin-navigation";

/**
 * What the Ctrl+K palette jumps to (decision 050): every page of the back-office by its name, and
 * the records the search endpoint finds (record-search-route.ts). Pure, so its matching is tested.
 */
export type JumpPage = { label: string; href: string; keywords?: string };
export type FoundRecord = { kind: "Lead" | "Client" | "Project"; label: string; detail: string; href: string };

export const JUMP_PAGES: readonly JumpPage[] = [
  ...ADMIN_NAVIGATION.map((item) => ({ label: item.label, href: item.to })),
  { label: "New Project", href: "/admin/projects/new", keywords: "create add" },
  { label: "New Invoice", href: "/admin/invoices/new", keywords: "create add bill" },
  { label: "New Template", href: "/admin/templates/new", keywords: "create add email" },
  { label: "Import Leads", href: "/admin/leads/import", keywords: "csv upload" },
  { label: "Email Suppressions", href: "/admin/emails/suppressions", keywords: "unsubscribed bounced" },
  { label: "Settings: Organization", href: "/admin/settings/organization", keywords: "company portal" },
  { label: "Settings: Email", href: "/admin/settings/email", keywords: "smtp mail" },
  { label: "Settings: Promos", href: "/admin/settings/promos", keywords: "tiers offer popup" },
  { label: "Settings: Security", href: "/admin/settings/security", keywords: "password two-factor admins" },
  { label: "Settings: Data", href: "/admin/settings/data", keywords: "backup export erase" },
  { label: "Audit Log", href: "/admin/settings/security/audit", keywords: "history changes" },
];

/** The pages whose name (or what they are for) holds every word typed, best first: a name that starts with it leads. */
export function matchPages(query: string, pages: readonly JumpPage[] = JUMP_PAGES): JumpPage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pages];
  const scored = pages.flatMap((page) => {
    const label = page.label.toLowerCase();
    const text = `${label} ${page.keywords ?? ""}`;
    if (!words.every((word) => text.includes(word))) return [];
    const score = label.startsWith(words[0]!) ? 0 : label.includes(words[0]!) ? 1 : 2;
    return [{ page, score }];
  });
  return scored.sort((a, b) => a.score - b.score).map(({ page }) => page);
}
