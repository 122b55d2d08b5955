import { redirect } from "react-router";
import { rememberAdmin } from "~/audit/admin-audit.server";
import { getAuth } from "./auth.server";
import { isAdmin } from "./roles.server";

export type SignedInUser = { id: string; name: string; email: string };

export async function getSignedInUser(request: Request): Promise<SignedInUser | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  return { id: result.user.id, name: result.user.name, email: result.user.email };
}

/** Where a signed-in user belongs: admins in the back-office, everyone else on the site. */
export async function homeFor(userId: string): Promise<"/admin" | "/"> {
  return (await isAdmin(userId)) ? "/admin" : "/";
}

/**
 * The one guard of the back-office: every admin loader and action calls it
 * first. No session: to /auth (and back here after signing in). Signed in
 * without the admin role: to the public home page.
 */
export async function requireAdmin(request: Request): Promise<SignedInUser> {
  const signedIn = await getSignedInUser(request);
  if (!signedIn) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  if (!(await isAdmin(signedIn.id))) throw redirect("/");
  // Whatever this request changes is the audit log's entry of this admin.
  rememberAdmin(request, signedIn);
  return signedIn;
}
