import { matchRoutes, type RouteObject } from "react-router";

/** A route of the server build's manifest (`build.routes`), as far as matching needs it. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The id of the React Router route a path lands on (`booking/booking-page`), for the request's
 * log line: it names the page without the path's tokens or ids. A single-fetch data request
 * (`/admin/leads.data`) names its page's route. Undefined for a path no route matches.
 */
export function routeIdFinder(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string | undefined {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchRoutes(tree, page)?.at(-1)?.route.id;
  };
}
