import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

/** A route module as the route walks call it. */
export type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
};

/**
 * Every route of the table with its full URL pattern. A pathless layout takes
 * its children's common path when they share one (so the admin layout counts as admin).
 */
function flatten(entries: RouteConfigEntry[], parentPath = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const ownPath = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, "/") : parentPath;
    const children = flatten(entry.children ?? [], ownPath);
    const underAdmin = children.length > 0 && children.every((child) => child.path.startsWith("/admin"));
    const path = !entry.path && underAdmin ? "/admin" : ownPath || "/";
    return [{ path, file: entry.file }, ...children];
  });
}

export const ROUTE_TABLE = flatten(routes);

const modules = import.meta.glob<RouteModule>("../../app/**/*.{ts,tsx}");

export async function importRoute(file: string): Promise<RouteModule> {
  const load = modules[`../../app/${file}`];
  if (!load) throw new Error(`Route module not found: ${file}`);
  return load();
}
