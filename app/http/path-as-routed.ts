/**
 * A request's path as React Router matches it (issue 41): its dot segments resolved as the URL
 * React Router is handed resolves them (`/x/../admin`, `/admin/%2e/leads`), each segment
 * percent-decoded (`/%61dmin`), and its case ignored (`/ADMIN/clients`), as the route table's
 * paths are. What the request stack decides by path (kept private, counted as a public post, how
 * large a body may be) decides on this, so that no spelling the router serves as a back-office or
 * portal page passes as a public one. Not for reading a token out of a path: the case is gone. Pure.
 */
export function pathAsRouted(pathname: string): string {
  // Joined to an origin, not resolved against one: `//admin` stays a path, as React Router reads it.
  const resolved = new URL(`http://localhost${pathname.startsWith("/") ? "" : "/"}${pathname}`).pathname;
  return resolved
    .split("/")
    .map((segment) => {
      try {
        // An encoded slash stays inside its segment, as React Router keeps it.
        return decodeURIComponent(segment).replaceAll("/", "%2f");
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase();
}
