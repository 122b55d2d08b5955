import { redirect } from "react-router";
import type { Actor } from "~/audit/actor";
import { requestClientAddress } from "~/request-safety/client-address.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { redirectWithToast } from "~/forms/flash.server";
import { getAuth } from "./auth.server";
import { isAdmin } from "./roles.server";
import { endIdleSession } from "./sessions.server";

export type SignedInUser = { id: string; name: string; email: string };

/** The signed-in admin, and the Actor the services they call record (decision 020). */
export type AdminUser = SignedInUser & { actor: Actor };

/** The Security tab, where two-factor sign-in is set up; the one admin page open to an admin who must still enrol. */
export const SECURITY_SETTINGS_PATH = "/admin/settings/security";

async function currentSession(request: Request) {
  const auth = await getAuth();
  return auth.api.getSession({ headers: request.headers });
}

export async function getSignedInUser(request: Request): Promise<SignedInUser | null> {
  const result = await currentSession(request);
  if (!result) return null;
  return { id: result.user.id, name: result.user.name, email: result.user.email };
}

/** Where a signed-in user belongs: admins in the back-office, everyone else on the site. */
export async function homeFor(userId: string): Promise<"/admin" | "/"> {
  return (await isAdmin(userId)) ? "/admin" : "/";
}

function signInAgain(request: Request, reason?: "idle") {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return `/auth?${reason ? `signedOut=${reason}&` : ""}returnTo=${encodeURIComponent(back)}`;
}

type AdminSession = { admin: AdminUser; sessionId: string; twoFactorEnabled: boolean };

/**
 * The verdicts being worked out, per page address and session cookie: a page's loaders (the admin
 * layout's and the page's) start together, each with its own copy of the Request (React Router
 * makes one per loader), and the second would ask the first's question again (five queries and a
 * session cookie's check); it waits for the same answer instead (decision 027). Only while it is
 * being worked out: a later question judges afresh.
 */
const verdictsInFlight = new Map<string, Promise<AdminSession>>();

/** The signed-in admin and their session, once the guard's rules have passed (see requireAdmin). */
export async function requireAdminSession(request: Request): Promise<AdminSession> {
  const key = `${request.method} ${request.url}\n${request.headers.get("cookie") ?? ""}`;
  let verdict = verdictsInFlight.get(key);
  if (!verdict) {
    verdict = judgeAdminSession(request);
    verdictsInFlight.set(key, verdict);
    const forget = () => verdictsInFlight.delete(key);
    verdict.then(forget, forget);
  }
  return verdict;
}

async function judgeAdminSession(request: Request): Promise<AdminSession> {
  const result = await currentSession(request);
  if (!result) throw redirect(signInAgain(request));
  if (!(await isAdmin(result.user.id))) throw redirect("/");
  const settings = await getOrganizationSettings();
  const signedOut = await endIdleSession(result.session, settings.sessionTimeoutMinutes, request.headers);
  if (signedOut) throw redirect(signInAgain(request, "idle"), { headers: signedOut });
  const twoFactorEnabled = result.user.twoFactorEnabled === true;
  if (settings.require2fa && !twoFactorEnabled && new URL(request.url).pathname !== SECURITY_SETTINGS_PATH) {
    throw await redirectWithToast(SECURITY_SETTINGS_PATH, {
      type: "info",
      title: "Set up two-factor sign-in",
      description: "Two-factor sign-in is required for every admin. Set it up here to continue.",
    });
  }
  const actor: Actor = { userId: result.user.id, email: result.user.email, sessionId: result.session.id, ipAddress: requestClientAddress() };
  const admin = { id: result.user.id, name: result.user.name, email: result.user.email, actor };
  return { admin, sessionId: result.session.id, twoFactorEnabled };
}

/**
 * The one guard of the back-office: every admin loader and action calls it first. No session:
 * to /auth (and back here after signing in). Signed in without the admin role: to the public
 * home page. Idle longer than the session timeout (Settings, Security): the session ends and
 * the admin signs in again. Two-factor required but not set up: to the Security tab to enrol.
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  return (await requireAdminSession(request)).admin;
}
