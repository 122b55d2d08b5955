import { parseCookies } from "better-auth/cookies";
import { redirect } from "react-router";
import type { Actor } from "~/audit/actor";
import { requestClientAddress } from "~/request-safety/client-address.server";
import { declareKeptRead, keptShelf } from "~/db/kept-reads.server";
import { session, user, userRoles } from "./schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, type IntentHandler } from "~/forms/form-action.server";
import { getAuth } from "./auth.server";
import { SECURITY_SETTINGS_PATH } from "./security-forms";
import { isAdmin } from "./roles.server";
import { endIdleSession } from "./sessions.server";
import { pageAddress } from "~/http/page-address";

export type SignedInUser = { id: string; name: string; email: string };

/** The signed-in admin, and the Actor the services they call record (decision 020). */
export type AdminUser = SignedInUser & { actor: Actor };


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
  return `/auth?${reason ? `signedOut=${reason}&` : ""}returnTo=${encodeURIComponent(pageAddress(request))}`;
}

type AdminSession = { admin: AdminUser; sessionId: string; twoFactorEnabled: boolean };

/** The channel the sign-in tables' triggers notify on every write (session, user, user_roles: migration 0027). */
export const SIGN_INS_CHANNEL = "sign_ins";

/** What the guard judges a request by: its session, the account, and whether it holds the admin role. */
type SessionRead = {
  session: { id: string; updatedAt: Date; expiresAt: Date };
  user: { id: string; name: string; email: string; twoFactorEnabled: boolean };
  isAdmin: boolean;
};

/**
 * The sessions read, kept by their cookie until a write to the sign-in tables is heard (decision
 * 041): a sign-out, a session ended or timed out, an account changed, a role given or taken. Kept
 * only once better-auth has checked the cookie's signature and found the session, never past the
 * session's expiry, and only on the embedded database, where the change is heard before the
 * writer's query resolves. Every rule of the verdict (idle timeout, two-factor) is still judged on
 * each request.
 */
const keptSessions = keptShelf<SessionRead | null>(
  declareKeptRead({ name: "a session the guard judged", channel: SIGN_INS_CHANNEL, dependsOn: [session, user, userRoles] }),
  { maxAgeMs: 5_000, limit: 1_000, where: "embedded" },
);

async function readSession(request: Request): Promise<SessionRead | null> {
  const auth = await getAuth();
  const read = async () => {
    const result = await auth.api.getSession({ headers: request.headers });
    // Not kept (until 0): a cookie that names no session is judged afresh each time.
    if (!result) return { value: null, until: 0 };
    const { session, user } = result;
    const value: SessionRead = Object.freeze({
      session: { id: session.id, updatedAt: new Date(session.updatedAt), expiresAt: new Date(session.expiresAt) },
      user: { id: user.id, name: user.name, email: user.email, twoFactorEnabled: user.twoFactorEnabled === true },
      isAdmin: await isAdmin(user.id),
    });
    return { value, until: value.session.expiresAt.getTime() };
  };
  // The cookie better-auth reads, by its exact name: the key is what it checked.
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const cookie = parseCookies(request.headers.get("cookie") ?? "").get(cookieName);
  if (!cookie) return null;
  return keptSessions().get(cookie, new Date(), read);
}

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
  const result = await readSession(request);
  if (!result) throw redirect(signInAgain(request));
  if (!result.isAdmin) throw redirect("/");
  const settings = await getOrganizationSettings();
  const signedOut = await endIdleSession(result.session, settings.sessionTimeoutMinutes, request.headers);
  if (signedOut) throw redirect(signInAgain(request, "idle"), { headers: signedOut });
  const twoFactorEnabled = result.user.twoFactorEnabled;
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

/**
 * The action of a back-office page: the guard first, then the form's intents (answerForm), made
 * for the signed-in admin, whose Actor each service is given to write its audit entry.
 */
export async function answerAdminForm(
  request: Request,
  intents: (admin: AdminUser) => Record<string, IntentHandler>,
  options?: Parameters<typeof answerForm>[2],
): ReturnType<typeof answerForm> {
  return answerForm(request, intents(await requireAdmin(request)), options);
}
