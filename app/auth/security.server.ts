import { APIError } from "better-auth/api";
import QRCode from "qrcode";
import { recordAuditEntry } from "~/audit/audit-log.server";
import type { AuditActionOf, AuditActions } from "~/audit/audit-actions";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { getOrganizationSettings, updateOrganizationSettings } from "~/organization/settings.server";
import { authRequestHeaders } from "./auth-request-headers";
import { getAuth } from "./auth.server";
import type { AdminUser } from "./guard.server";
import { removeAdmin } from "./admin-changes.server";
import { inviteAdmin } from "./admin-invitations.server";
import { refuseUnlessRecentlyConfirmed } from "./recent-confirmation.server";
import { isAdmin, listAdmins } from "./roles.server";
import { endSessions, listActiveSessions } from "./sessions.server";
import { advanceSignInEpoch } from "./sign-in-epochs.server";
import { CODE_ALREADY_USED, CODE_ALREADY_USED_MESSAGE } from "./sign-in-policy.server";
import { WRONG_TOTP } from "./sign-in.server";

/** Who is acting, for the audit log, and the request their session came with (better-auth reads its cookie). */
export type SecurityActor = { admin: AdminUser; sessionId: string; request: Request; clientAddress: string };


function authHeaders(actor: SecurityActor): Headers {
  return authRequestHeaders(actor.request.headers, actor.clientAddress);
}

/** better-auth's refusal as ours; `field` names the form field the message belongs to. */
function refusalOf(error: unknown, messages: Partial<Record<string, { message: string; field?: string }>>): never {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    const known = messages[code];
    throw new Refusal(known?.message ?? error.message, known?.field ? { field: known.field } : {});
  }
  throw error;
}

const WRONG_PASSWORD = { INVALID_PASSWORD: { message: "The password is not right", field: "password" } };

// ---- Settings ---------------------------------------------------------------------------------

/**
 * Saves the sign-in rules. Loosening them (two-factor no longer required, a longer session timeout)
 * asks for a recent "confirm it's you" (issue 41); tightening them does not.
 */
export async function saveSecuritySettings(actor: SecurityActor, input: { require2fa: boolean; sessionTimeoutMinutes: number }) {
  const current = await getOrganizationSettings();
  if ((current.require2fa && !input.require2fa) || input.sessionTimeoutMinutes > current.sessionTimeoutMinutes) await refuseUnlessRecentlyConfirmed(actor.sessionId);
  await updateOrganizationSettings(
    actor.admin.actor,
    {
      action: "settings.security",
      summary: `Security settings saved: two-factor ${input.require2fa ? "required" : "optional"} for admins, session timeout ${input.sessionTimeoutMinutes} minutes`,
    },
    input,
  );
}

// ---- Two-factor sign-in -----------------------------------------------------------------------

export type TwoFactorEnrolment = { secret: string; qrSvg: string; recoveryCodes: string[] };

/**
 * Starts enrolling (password asked again): a new secret, its QR code and ten recovery codes.
 * Two-factor is on only once a code from the app is confirmed (`confirmTwoFactor`).
 */
export async function startTwoFactor(actor: SecurityActor, password: string): Promise<TwoFactorEnrolment> {
  const auth = await getAuth();
  try {
    const enrolled = await auth.api.enableTwoFactor({ body: { password }, headers: authHeaders(actor) });
    if (!("totpURI" in enrolled) || !enrolled.totpURI) throw new Error("better-auth answered no TOTP URI");
    const secret = new URL(enrolled.totpURI).searchParams.get("secret") ?? "";
    const qrSvg = await QRCode.toString(enrolled.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { secret, qrSvg, recoveryCodes: enrolled.backupCodes ?? [] };
  } catch (error) {
    return refusalOf(error, { ...WRONG_PASSWORD, TOTP_ALREADY_ENABLED: { message: "Two-factor sign-in is already on." } });
  }
}

const WRONG_CODE = {
  INVALID_CODE: { message: WRONG_TOTP, field: "code" },
  [CODE_ALREADY_USED]: { message: CODE_ALREADY_USED_MESSAGE, field: "code" },
};

/** Confirms enrolment with a code from the app; answers the new session's cookie (better-auth replaces the session). */
export async function confirmTwoFactor(actor: SecurityActor, code: string): Promise<Headers> {
  const auth = await getAuth();
  let headers: Headers;
  try {
    headers = (await auth.api.verifyTOTP({ body: { code }, headers: authHeaders(actor), returnHeaders: true })).headers;
  } catch (error) {
    return refusalOf(error, { ...WRONG_CODE, TOTP_NOT_ENABLED: { message: "Start again: enter your password to set up two-factor sign-in." } });
  }
  await auditAccountChange(db(), actor, "two-factor.enable", actor.admin.id, "Turned on two-factor sign-in");
  return headers;
}

/** Turns two-factor off, with the password and a current code; refused while the organization requires it. */
export async function disableTwoFactor(actor: SecurityActor, input: { password: string; code: string }): Promise<Headers> {
  if ((await getOrganizationSettings()).require2fa) {
    throw new Refusal("Two-factor sign-in is required for every admin, so it cannot be turned off while that setting is on.", { status: 409 });
  }
  const auth = await getAuth();
  let headers: Headers;
  try {
    await auth.api.verifyTOTP({ body: { code: input.code }, headers: authHeaders(actor) });
    headers = (await auth.api.disableTwoFactor({ body: { password: input.password }, headers: authHeaders(actor), returnHeaders: true })).headers;
  } catch (error) {
    return refusalOf(error, {
      ...WRONG_PASSWORD,
      ...WRONG_CODE,
      SESSION_NOT_FRESH: { message: "For your safety, sign out and sign in again before turning two-factor off." },
    });
  }
  await auditAccountChange(db(), actor, "two-factor.disable", actor.admin.id, "Turned off two-factor sign-in");
  return headers;
}

// ---- Admins and their sessions ----------------------------------------------------------------

/** Every admin with their active sessions, for the Security tab. */
export async function adminsWithSessions() {
  const admins = await listAdmins();
  return Promise.all(admins.map(async (admin) => ({ ...admin, sessions: await listActiveSessions(admin.id) })));
}

/**
 * Invites an address to be an admin (decision 029): the role starts only when the address's owner
 * follows the e-mailed link and chooses a password there, whether or not an account uses it now.
 * Asks for a recent "confirm it's you" (issue 41); every admin is told.
 */
export async function inviteAdminByEmail(actor: SecurityActor, input: { name: string; email: string }): Promise<string> {
  await refuseUnlessRecentlyConfirmed(actor.sessionId);
  return (await inviteAdmin({ admin: actor.admin }, input)).email;
}

/**
 * Takes the admin role away, ends that account's sessions and what outlives them; the last admin
 * and oneself are refused. Asks for a recent "confirm it's you" (issue 41); every admin is told.
 */
export async function revokeAdminRoleOf(actor: SecurityActor, userId: string): Promise<string> {
  if (userId === actor.admin.id) throw new Refusal("You cannot remove your own admin role. Ask another admin to do it.", { status: 409 });
  await refuseUnlessRecentlyConfirmed(actor.sessionId);
  const removed = await removeAdmin({ admin: actor.admin }, userId);
  if (!removed) throw notFound("Admin not found");
  return removed;
}

/** Ends an admin's sessions on every device; for oneself, every session but this one. Answers how many ended. */
export async function signOutEverywhere(actor: SecurityActor, userId: string): Promise<number> {
  if (!(await isAdmin(userId))) throw notFound("Admin not found");
  const own = userId === actor.admin.id;
  return db().transaction(async (tx) => {
    const ended = await endSessions(tx, userId, own ? actor.sessionId : undefined);
    await auditAccountChange(tx, actor, "session.sign-out-everywhere", userId, own ? `Signed out their other sessions (${ended})` : `Signed out another admin everywhere (${ended} sessions)`, { sessionsEnded: ended });
    return ended;
  });
}

/** Changes the admin's own password and signs out their other sessions; answers the new session's cookie. */
export async function changeOwnPassword(actor: SecurityActor, input: { currentPassword: string; newPassword: string }): Promise<Headers> {
  const auth = await getAuth();
  let headers: Headers;
  try {
    const changed = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: authHeaders(actor),
      returnHeaders: true,
    });
    headers = changed.headers;
  } catch (error) {
    return refusalOf(error, {
      INVALID_PASSWORD: { message: "The current password is not right", field: "currentPassword" },
      PASSWORD_TOO_SHORT: { message: "Use at least 8 characters", field: "newPassword" },
    });
  }
  await db().transaction(async (tx) => {
    // better-auth ended the other sessions; what outlives them (device allowances, the calendar feed) ends here.
    await advanceSignInEpoch(tx, actor.admin.id);
    await auditAccountChange(tx, actor, "account.change-password", actor.admin.id, "Changed their own password and signed out their other sessions");
  });
  return headers;
}

/** The audit entry of a change to an admin account (one's own or another's), in the change's transaction when it has one. */
function auditAccountChange<Action extends AccountAuditAction>(executor: Parameters<typeof recordAuditEntry>[0], actor: SecurityActor, action: Action, userId: string, summary: string, details?: AuditActions[Action]) {
  return recordAuditEntry<Action>(executor, actor.admin.actor, { action, entityType: "user", entityId: userId, summary, ...(details ? { details } : {}) });
}

type AccountAuditAction = AuditActionOf<"two-factor"> | AuditActionOf<"session"> | AuditActionOf<"account">;
