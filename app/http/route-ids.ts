import { matchRoutes, type RouteObject } from "react-router";

/** A route of the server build's manifest (`build.routes`), as far as matching needs it. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** Paths whose route is kept at once. */
const KNOWN_PATHS_LIMIT = 2_000;

/** How many of a path's leading segments choose the table a path is matched against. */
const KEY_DEPTH = 2;

/**
 * The leading segments of a route's full path as they choose tables: a static name, or null for
 * any value (a parameter); an optional segment or a splat can shift or swallow the ones after it,
 * so the segments stop there and the route stays in every table those positions would choose.
 */
function keySegmentsOf(path: string): (string | null)[] {
  const segments: (string | null)[] = [];
  for (const part of path.split("/").filter((part) => part !== "")) {
    if (segments.length === KEY_DEPTH || part === "*" || part.endsWith("?")) break;
    segments.push(part.startsWith(":") ? null : part.toLowerCase());
  }
  return segments;
}

function decodedSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter((part) => part !== "")
    .slice(0, KEY_DEPTH)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

/**
 * The id of the React Router route a path lands on (`booking/booking-page`), for the request's
 * log line: it names the page without the path's tokens or ids. A single-fetch data request
 * (`/admin/leads.data`) names its page's route. Undefined for a path no route matches.
 *
 * React Router's matchRoutes flattens and ranks the whole route table it is given on every call
 * (~80 routes: a tenth of a booking link's first view in its profile, decision 035; ~0.9 ms of an
 * admin page's, decision 038), so it is given only the routes that can match the path's first two
 * segments: those whose segments there are the path's own static names or parameters (pathless
 * layouts and index routes included, and a route with an optional segment or a splat from there
 * on). Leaving out routes that cannot match changes neither the ranking of the others nor the
 * answer. One such table per combination of static names the route table has at those positions
 * (a segment that is none of them counts as "other"), made on first use.
 */
export function routeIdFinder(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string | undefined {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  const fullPaths = new Map<string, string>();
  const fullPathOf = (route: ManifestRoute): string => {
    let known = fullPaths.get(route.id);
    if (known === undefined) {
      const parent = route.parentId ? manifest[route.parentId] : undefined;
      known = `${parent ? fullPathOf(parent) : ""}/${route.path ?? ""}`;
      fullPaths.set(route.id, known);
    }
    return known;
  };
  const keySegments = new Map(routes.map((route) => [route.id, keySegmentsOf(fullPathOf(route))]));
  /** The static names routes have at each position of the key. */
  const staticNames = Array.from(
    { length: KEY_DEPTH },
    (_, position) => new Set([...keySegments.values()].map((segments) => segments[position]).filter((segment) => typeof segment === "string")),
  );
  /** A path's key: at each position its static name, "" for any other value, absent past its end. */
  const keyOf = (pathname: string): string[] => decodedSegments(pathname).map((segment, position) => (staticNames[position]?.has(segment) ? segment : ""));
  const fits = (route: ManifestRoute, key: string[]): boolean =>
    (keySegments.get(route.id) ?? []).every((segment, position) => segment === null || segment === key[position]);
  const childrenOf = (parentId: string | undefined, key: string[]): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId && fits(route, key))
      .map((route): RouteObject =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id, key) },
      );
  const tables = new Map<string, RouteObject[]>();
  const tableFor = (pathname: string): RouteObject[] => {
    const key = keyOf(pathname);
    const name = key.join("/");
    let table = tables.get(name);
    if (!table) {
      table = childrenOf(undefined, key);
      tables.set(name, table);
    }
    return table;
  };
  // Even a small table costs matchRoutes ~0.08 ms (it flattens the table and compiles a pattern
  // per route on every call: 11% of a kept booking page's CPU), so the answer is kept per path:
  // the table never changes, and people come back to the same pages and links. Bounded, since
  // paths are the visitors' to choose.
  const known = new Map<string, string | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const id = matchRoutes(tableFor(page), page)?.at(-1)?.route.id;
    if (known.size >= KNOWN_PATHS_LIMIT) known.clear();
    known.set(pathname, id);
    return id;
  };
}
