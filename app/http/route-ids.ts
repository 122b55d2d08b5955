import { matchRoutes, type RouteObject } from "react-router";

/** A route of the server build's manifest (`build.routes`), as far as matching needs it. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The first segment of a route's path as it can match: a static name, or "any" (a parameter, a splat, an optional segment, no path). */
function firstSegmentOf(path: string): string {
  const segment = path.split("/").find((part) => part !== "") ?? "";
  return segment === "" || segment.startsWith(":") || segment === "*" || segment.endsWith("?") ? "" : segment.toLowerCase();
}

function decodedFirstSegment(pathname: string): string {
  const segment = pathname.split("/").find((part) => part !== "") ?? "";
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The id of the React Router route a path lands on (`booking/booking-page`), for the request's
 * log line: it names the page without the path's tokens or ids. A single-fetch data request
 * (`/admin/leads.data`) names its page's route. Undefined for a path no route matches.
 *
 * React Router's matchRoutes flattens and ranks the whole route table on every call (~70 routes:
 * a tenth of a booking link's first view in its profile, decision 035), so it is given only the
 * routes that can match the path's first segment: those under that static name and those that
 * match any (parameters, splats, pathless layouts). Leaving out routes that cannot match changes
 * neither the ranking of the others nor the answer. One such table per static first segment of
 * the route table, made on first use.
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
  const staticFirstSegments = new Set(routes.map((route) => firstSegmentOf(fullPathOf(route))).filter((segment) => segment !== ""));
  const childrenOf = (parentId: string | undefined, first: string): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId && [first, ""].includes(firstSegmentOf(fullPathOf(route))))
      .map((route): RouteObject =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id, first) },
      );
  const tables = new Map<string, RouteObject[]>();
  const tableFor = (pathname: string): RouteObject[] => {
    const decoded = decodedFirstSegment(pathname);
    const first = staticFirstSegments.has(decoded) ? decoded : "";
    let table = tables.get(first);
    if (!table) {
      table = childrenOf(undefined, first);
      tables.set(first, table);
    }
    return table;
  };
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchRoutes(tableFor(page), page)?.at(-1)?.route.id;
  };
}
