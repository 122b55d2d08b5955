import { readListView, readPageCursors, type FilterSchemas, type ListView, type ListViewSpec, type PageCursors } from "~/lists/list-view";
import { getOrganizationSettings } from "~/organization/settings.server";
import { requireAdmin } from "./guard.server";

/** What a list's service is asked for: the view its URL asks for and the page (the cursors). */
export type ListPageQuery<View> = { view: View } & PageCursors;

/**
 * The one loader of a back-office list page: the admin's guard first; then, read from the URL, the
 * list's view and page; its rows, what the page shows beside them (`extra`: counts, a filter's
 * choices) and the organization's settings loaded together; the time zone its dates are shown in.
 */
export async function loadAdminListPage<Filters extends FilterSchemas, Key extends string, Page extends object, Extra extends object = object>(
  request: Request,
  spec: ListViewSpec<Filters, Key>,
  list: (query: ListPageQuery<ListView<Filters, Key>>) => Promise<Page>,
  extra?: (view: ListView<Filters, Key>) => Promise<Extra>,
): Promise<Page & Extra & { view: ListView<Filters, Key>; timeZone: string }> {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readListView(url.searchParams, spec);
  const [page, beside, settings] = await Promise.all([list({ view, ...readPageCursors(url.searchParams) }), extra?.(view), getOrganizationSettings()]);
  return { ...page, ...(beside as Extra), view, timeZone: settings.timezone };
}

/**
 * The loader of a back-office list shown in one order without filters (referrals, campaigns,
 * cadences): the admin's guard first, then the page its URL asks for loaded together with what the
 * page shows beside it.
 */
export async function loadAdminPagedList<Page, Beside>(request: Request, list: (cursors: PageCursors) => Promise<Page>, beside: () => Promise<Beside>): Promise<[Page, Beside]> {
  await requireAdmin(request);
  return Promise.all([list(readPageCursors(new URL(request.url).searchParams)), beside()]);
}
