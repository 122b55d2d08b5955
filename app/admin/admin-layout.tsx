import LogOut from "lucide-react/icons/log-out";
import Keyboard from "lucide-react/icons/keyboard";
import Menu from "lucide-react/icons/menu";
import Search from "lucide-react/icons/search";
import { useState } from "react";
import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { TableColumnPreferences } from "~/lists/table-columns-menu";
import type { Route } from "./+types/admin-layout";
import { LeadActionsProvider } from "~/leads/offered-lead-actions";
import { ADMIN_NAVIGATION } from "./admin-navigation";
import { CommandPalette, ShortcutsHelp, useAdminShortcuts } from "./command-palette";
import { LEAD_ACTIONS } from "./lead-actions";
import { hiddenColumnsByTable } from "./table-preferences.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // Read here, once for every admin page, so each data table renders without the admin's hidden columns from the start.
  const [hiddenColumns, settings] = await Promise.all([hiddenColumnsByTable(admin.id), getOrganizationSettings()]);
  // Only what the shell shows goes into every page's data: not the admin's actor (their session id
  // and address are the server's to record, never the page's; decision 038).
  return { adminEmail: admin.email, hiddenColumns, companyName: settings.companyName ?? "Agency" };
}

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    // Each entry's look is app.css's ([data-slot=admin-nav]; the current page by its aria-current),
    // not a long class list repeated on every entry of every page (decision 038).
    <nav aria-label="Back-office" data-slot="admin-nav" className="grid gap-1">
      {ADMIN_NAVIGATION.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to === "/admin"}
          onClick={onNavigate}
        >
          <item.icon className="size-4" aria-hidden="true" />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Opens the Ctrl+K palette: where a mouse or a phone finds what the keyboard does (decision 050). */
function JumpButton({ onOpen, compact = false }: { onOpen: () => void; compact?: boolean }) {
  return compact ? (
    <Button variant="ghost" size="icon" aria-label="Jump to a page or record" aria-keyshortcuts="Control+K" onClick={onOpen}>
      <Search aria-hidden="true" />
    </Button>
  ) : (
    <button type="button" data-slot="admin-jump" aria-keyshortcuts="Control+K" onClick={onOpen}>
      <Search className="size-4" aria-hidden="true" />
      <span className="flex-1 text-left">Jump to…</span>
      <kbd className="rounded border bg-muted px-1 font-mono text-xs">Ctrl K</kbd>
    </button>
  );
}

export default function AdminLayout() {
  const { adminEmail, hiddenColumns, companyName } = useLoaderData<typeof loader>();
  const [menuOpen, setMenuOpen] = useState(false);
  const shortcuts = useAdminShortcuts();
  return (
    <div className="min-h-screen bg-muted/30 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="hidden border-r bg-background lg:flex lg:flex-col">
        <div className="flex h-16 items-center border-b px-5">
          <Link to="/admin" className="text-lg font-bold">
            {companyName} Admin
          </Link>
        </div>
        <div className="grid gap-3 p-3 pb-0">
          <JumpButton onOpen={() => shortcuts.setPalette(true)} />
        </div>
        <div className="flex-1 overflow-y-auto p-3">
          <Navigation />
        </div>
        <div className="border-t p-3">
          <p className="truncate px-3 pb-2 text-xs text-muted-foreground" title={adminEmail}>
            {adminEmail}
          </p>
          <button type="button" data-slot="admin-sign-out" aria-keyshortcuts="?" onClick={() => shortcuts.setHelp(true)}>
            <Keyboard className="size-4" aria-hidden="true" /> Keyboard shortcuts
          </button>
          <Form method="post" action="/auth/sign-out">
            <button type="submit" data-slot="admin-sign-out">
              <LogOut className="size-4" aria-hidden="true" /> Sign Out
            </button>
          </Form>
        </div>
      </aside>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-background px-4 lg:hidden">
          <Link to="/admin" className="min-w-0 truncate font-bold">
            {companyName} Admin
          </Link>
          <div className="flex shrink-0 items-center">
            <JumpButton compact onOpen={() => shortcuts.setPalette(true)} />
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={menuOpen}
              aria-controls="admin-mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Menu aria-hidden="true" />
              <span className="sr-only">Menu</span>
            </Button>
          </div>
        </header>
        {menuOpen ? (
          <div id="admin-mobile-menu" className="border-b bg-background p-3 lg:hidden">
            <Navigation onNavigate={() => setMenuOpen(false)} />
            <Form method="post" action="/auth/sign-out" className="mt-2">
              <button type="submit" data-slot="admin-sign-out">
                <LogOut className="size-4" aria-hidden="true" /> Sign Out
              </button>
            </Form>
          </div>
        ) : null}
        <main id="main-content" tabIndex={-1} className="outline-none mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <TableColumnPreferences value={hiddenColumns}>
            <LeadActionsProvider value={LEAD_ACTIONS}>
              <Outlet />
            </LeadActionsProvider>
          </TableColumnPreferences>
        </main>
        <CommandPalette open={shortcuts.palette} onOpenChange={shortcuts.setPalette} />
        <ShortcutsHelp open={shortcuts.help} onOpenChange={shortcuts.setHelp} />
      </div>
    </div>
  );
}
