import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { consumeRateLimits, describeWait } from "~/request-safety/rate-limit.server";
import { authRequestHeaders } from "./auth-request-headers";
import { getAuth } from "./auth.server";
import { requireAdminSession } from "./guard.server";
import { sessionConfirmations } from "./schema";
import { CODE_ALREADY_USED, CODE_ALREADY_USED_MESSAGE } from "./sign-in-policy.server";
import { WRONG_TOTP } from "./sign-in.server";
import { pageAddress } from "~/http/page-address";

/**
 * "Confirm it's you" (issue 25, decision 029): before something that hands over the whole database
 * (the backup holds password hashes and two-factor secrets; the full export every client's data),
 * or that changes who may sign in and how (issue 41: inviting or removing an admin, turning the
 * two-factor requirement off, a longer session timeout), a signed-in admin gives their password
 * again, and the current authenticator code when two-factor is on. It holds for this session for
 * 5 minutes. A stolen session, which never had the password, can do none of these.
 */
export const CONFIRMATION_VALID_MS = 5 * 60_000;
export const CONFIRM_PATH = "/admin/confirm";

type AdminSession = Awaited<ReturnType<typeof requireAdminSession>>;

/** Until when this admin session's confirmation holds, or null when it has none running. */
export async function confirmedUntil(sessionId: string, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db().select({ confirmedAt: sessionConfirmations.confirmedAt }).from(sessionConfirmations).where(eq(sessionConfirmations.sessionId, sessionId));
  if (!row) return null;
  const until = new Date(row.confirmedAt.getTime() + CONFIRMATION_VALID_MS);
  return until > now ? until : null;
}

/**
 * The one line in front of a loader or action that hands over everything: the admin guard, then a
 * confirmation within the last 5 minutes, else to the confirmation page (and back here after it).
 */
export async function requireRecentConfirmation(request: Request): Promise<AdminSession> {
  const session = await requireAdminSession(request);
  if (await confirmedUntil(session.sessionId)) return session;
  throw redirect(`${CONFIRM_PATH}?returnTo=${encodeURIComponent(pageAddress(request))}`);
}

export const CONFIRM_FIRST = "Confirm it's you first: enter your password under “Confirm it's you” on this page. You will not be asked again for 5 minutes.";

/**
 * The same rule inside a service that changes who may sign in and how: refused (403) unless this
 * session confirmed within the last 5 minutes. A refusal, not a redirect, so the form keeps what
 * was typed while the admin confirms on the page.
 */
export async function refuseUnlessRecentlyConfirmed(sessionId: string, now: Date = new Date()): Promise<void> {
  if (!(await confirmedUntil(sessionId, now))) throw new Refusal(CONFIRM_FIRST, { status: 403, title: "Confirm it's you" });
}

/** What a page with a gated action shows: whether to ask first, and whether to ask for a code too. */
export async function confirmationState(request: Request): Promise<{ confirmedUntil: Date | null; twoFactorEnabled: boolean }> {
  const session = await requireAdminSession(request);
  return { confirmedUntil: await confirmedUntil(session.sessionId), twoFactorEnabled: session.twoFactorEnabled };
}

const ATTEMPTS = { limit: 10, windowMs: 15 * 60_000 };

/** Checks the password (and the code, two-factor on) and records the confirmation on the session. */
export async function confirmItsYou(request: Request, clientAddress: string, input: { password: string; code?: string | undefined }, now: Date = new Date()) {
  const session = await requireAdminSession(request);
  const verdict = await consumeRateLimits([{ key: `confirm-identity:user:${session.admin.id}`, ...ATTEMPTS }], { now });
  if (!verdict.allowed) {
    throw new Refusal(`Too many attempts. Please try again ${describeWait(verdict.retryAfterMs)}.`, { status: 429, retryAfterMs: verdict.retryAfterMs });
  }
  if (session.twoFactorEnabled && !input.code) throw new Refusal("Enter the 6-digit code from your authenticator app", { field: "code" });
  const auth = await getAuth();
  const headers = authRequestHeaders(request.headers, clientAddress);
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers });
  } catch (error) {
    if (error instanceof APIError) throw new Refusal("The password is not right", { field: "password" });
    throw error;
  }
  if (session.twoFactorEnabled && input.code) {
    try {
      await auth.api.verifyTOTP({ body: { code: input.code }, headers });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const used = (error.body as { code?: string } | undefined)?.code === CODE_ALREADY_USED;
      throw new Refusal(used ? CODE_ALREADY_USED_MESSAGE : WRONG_TOTP, { field: "code" });
    }
  }
  await db().transaction(async (tx) => {
    await tx
      .insert(sessionConfirmations)
      .values({ sessionId: session.sessionId, confirmedAt: now })
      .onConflictDoUpdate({ target: sessionConfirmations.sessionId, set: { confirmedAt: now } });
    await recordAuditEntry(tx, session.admin.actor, {
      action: "account.confirm-identity",
      entityType: "user",
      entityId: session.admin.id,
      summary: "An admin confirmed it was them (for 5 minutes)",
    });
  });
}
