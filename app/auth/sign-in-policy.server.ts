import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { db } from "~/db/connection.server";
import { consumeRateLimits, countRateLimitHit, currentRateLimitWindow, refundRateLimitHits } from "~/request-safety/rate-limit.server";
import { publish } from "~/events/domain-events";
import { CLIENT_ADDRESS_HEADER } from "./auth-request-headers";
import { signInEpochs, twoFactor, user } from "./schema";
import { signInEpochOf } from "./sign-in-epochs.server";
import {
  accountRule,
  codeThrottleRules,
  deviceCookieValue,
  FAILURES_PER_ACCOUNT,
  parseDeviceCookie,
  retryAfterSeconds,
  signInAccountKey,
  signInThrottleRules,
  signUpThrottleRules,
  throttleVerdict,
  tooManySignInAttemptsMessage,
  type DeviceCookie,
  type PasswordAttempt,
  type ThrottleRule,
} from "./sign-in-throttle";
import { matchingTotpStep } from "./totp-step";
import { claimTotpStep } from "./two-factor-replay.server";

/**
 * The one sign-in policy, inside better-auth (docs/decisions/029-one-sign-in-policy.md): its hooks
 * run for every call of the endpoints below, whether it came over HTTP (`/api/auth/*`) or from the
 * app's own forms (`auth.api.*`), and they read the body better-auth itself parsed, so what is
 * counted is what is checked.
 *
 * - `/sign-in/email`: counted before the password is checked (sign-in-throttle.ts: a known
 *   device's own allowance, else the account's; the network address's always), taken back when it
 *   succeeds; a browser that signs in gets a device cookie, good until the account's sign-ins are
 *   ended (its sign-in epoch); the owner is e-mailed when unknown devices' failures pause their
 *   account.
 * - `/two-factor/verify-totp`, `/two-factor/verify-backup-code`: "trust this device" is refused;
 *   a sign-in's code counts against its network address; an authenticator code is good once
 *   (its time-step is claimed per account before better-auth checks it).
 * - `/sign-up/email`: counted against the network address.
 */

const SIGN_IN = "/sign-in/email";
const SIGN_UP = "/sign-up/email";
const VERIFY_TOTP = "/two-factor/verify-totp";
const VERIFY_BACKUP_CODE = "/two-factor/verify-backup-code";
const DEVICE_COOKIE = "sign_in_device";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export const TOO_MANY_SIGN_IN_ATTEMPTS = "TOO_MANY_SIGN_IN_ATTEMPTS";
export const TOO_MANY_SIGN_UPS = "TOO_MANY_SIGN_UPS";
export const CODE_ALREADY_USED = "CODE_ALREADY_USED";
export const CODE_ALREADY_USED_MESSAGE = "That code was already used. Wait for the next code from your authenticator app.";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What a before hook counted, for its after hook (the same `context` object travels through one call's hooks). */
type Counted = { rules: ThrottleRule[]; attempt?: PasswordAttempt; signingIn: boolean };
const countedAttempts = new WeakMap<object, Counted>();

function clientAddressOf(ctx: HookContext): string {
  return ctx.headers?.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

function bodyField(ctx: HookContext, name: string): unknown {
  const body: unknown = ctx.body;
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/** Counts one attempt against its rules (each counter an atomic upsert); over any limit: 429 with Retry-After, whatever the password. */
async function countAttempt(rules: ThrottleRule[], code: string): Promise<void> {
  const now = new Date();
  const counts = [];
  for (const rule of rules) {
    const counted = await countRateLimitHit(rule, { now });
    counts.push({ count: counted.count, limit: rule.limit, windowEndsAt: counted.windowEndsAt });
  }
  const verdict = throttleVerdict(counts, now);
  if (!verdict.allowed) throw tooManyAttempts(code, tooManySignInAttemptsMessage(verdict.retryAfterMs), verdict.retryAfterMs);
}

function tooManyAttempts(code: string, message: string, retryAfterMs: number): APIError {
  return new APIError("TOO_MANY_REQUESTS", { code, message }, { "Retry-After": String(retryAfterSeconds(retryAfterMs)) });
}

function deviceCookie(ctx: HookContext) {
  return ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

/** The account of an address and its sign-in epoch, in one read; null when no account uses it. */
async function accountOf(account: string): Promise<{ userId: string; epoch: number } | null> {
  // better-auth keeps addresses lower-cased and looks them up so (`signInAccountKey`).
  const [found] = await db()
    .select({ userId: user.id, epoch: sql<number>`coalesce(${signInEpochs.epoch}, 0)` })
    .from(user)
    .leftJoin(signInEpochs, eq(signInEpochs.userId, user.id))
    .where(eq(user.email, account))
    .limit(1);
  return found ?? null;
}

/** Whether this browser's device cookie is one the account gave it since its sign-ins were last ended (issue 41). */
function isKnownDevice(device: DeviceCookie | null, owner: { userId: string; epoch: number } | null): device is DeviceCookie {
  return device !== null && owner !== null && device.userId === owner.userId && device.epoch === owner.epoch;
}

/**
 * The attempt as better-auth will judge it: the account its body names, and whether this browser
 * signed in to that account since its password last changed or its sessions were last ended.
 */
async function passwordAttemptOf(ctx: HookContext): Promise<PasswordAttempt> {
  const account = signInAccountKey(bodyField(ctx, "email"));
  const device = parseDeviceCookie(await ctx.getSignedCookie(deviceCookie(ctx).name, ctx.context.secret));
  const knownDevice = account && device && isKnownDevice(device, await accountOf(account)) ? device.deviceId : null;
  return { account, clientAddress: clientAddressOf(ctx), knownDevice };
}

/** Gives the browser that just signed in its device cookie under the account's epoch (keeping its id when it was already this account's known device). */
async function rememberDevice(ctx: HookContext, userId: string): Promise<void> {
  const cookie = deviceCookie(ctx);
  const earlier = parseDeviceCookie(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
  const epoch = await signInEpochOf(userId);
  const deviceId = isKnownDevice(earlier, { userId, epoch }) ? earlier.deviceId : randomBytes(24).toString("base64url");
  await ctx.setSignedCookie(cookie.name, deviceCookieValue({ userId, deviceId, epoch }), ctx.context.secret, cookie.attributes);
}

/** After a failure from an unknown device: once its account's allowance is spent, its owner hears of it (once per pause). */
async function tellOwnerWhenPaused(account: string): Promise<void> {
  const window = await currentRateLimitWindow(accountRule(account).key);
  if (!window || window.count < FAILURES_PER_ACCOUNT) return;
  const [owner] = await db().select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.email, account)).limit(1);
  if (owner) await publish(db(), "account.sign-in-paused", { account: owner, windowStartedAt: window.startedAt });
}

/** The user a pending two-factor sign-in is for (better-auth's signed two-factor cookie and its record), or null. */
async function signInChallengeUser(ctx: HookContext): Promise<string | null> {
  const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/** Claims the code's time-step for the account before better-auth checks the code: a step used once (or an earlier one) is refused. */
async function refuseReplayedCode(ctx: HookContext, userId: string, code: unknown): Promise<void> {
  if (typeof code !== "string") return;
  const [enrolled] = await db().select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!enrolled) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: enrolled.secret });
  const step = matchingTotpStep(secret, code, new Date());
  // Not a current code at all: better-auth refuses it and counts the failure.
  if (step === null) return;
  if (!(await claimTotpStep(userId, step))) {
    throw new APIError("UNAUTHORIZED", { code: CODE_ALREADY_USED, message: CODE_ALREADY_USED_MESSAGE });
  }
}

const beforeSignIn = createAuthMiddleware(async (ctx) => {
  const attempt = await passwordAttemptOf(ctx);
  const rules = signInThrottleRules(attempt);
  await countAttempt(rules, TOO_MANY_SIGN_IN_ATTEMPTS);
  countedAttempts.set(ctx.context, { rules, attempt, signingIn: true });
});

const afterSignIn = createAuthMiddleware(async (ctx) => {
  const counted = countedAttempts.get(ctx.context);
  if (!counted?.attempt) return;
  if (isAPIError(ctx.context.returned)) {
    if (counted.attempt.account && !counted.attempt.knownDevice) await tellOwnerWhenPaused(counted.attempt.account);
    return;
  }
  // The password was right: the attempt is taken back, so the counters hold failures only.
  await refundRateLimitHits(counted.rules.map((rule) => rule.key));
  // Signed in (no second factor pending: better-auth's two-factor hook, which runs first, has then dropped the session).
  const signedIn = ctx.context.newSession;
  if (signedIn) await rememberDevice(ctx, signedIn.user.id);
});

const beforeCode = createAuthMiddleware(async (ctx) => {
  if (bodyField(ctx, "trustDevice") === true) {
    throw new APIError("BAD_REQUEST", { code: "DEVICES_NOT_TRUSTED", message: "Every sign-in asks for the code: a device cannot be trusted to skip it." });
  }
  const session = await getSessionFromCtx(ctx);
  const signingIn = !session;
  const rules = signingIn ? codeThrottleRules(clientAddressOf(ctx)) : [];
  if (signingIn) await countAttempt(rules, TOO_MANY_SIGN_IN_ATTEMPTS);
  countedAttempts.set(ctx.context, { rules, signingIn });
  if (ctx.path !== VERIFY_TOTP) return;
  const userId = session ? session.user.id : await signInChallengeUser(ctx);
  if (userId) await refuseReplayedCode(ctx, userId, bodyField(ctx, "code"));
});

const afterCode = createAuthMiddleware(async (ctx) => {
  const counted = countedAttempts.get(ctx.context);
  if (!counted?.signingIn || isAPIError(ctx.context.returned)) return;
  await refundRateLimitHits(counted.rules.map((rule) => rule.key));
  const signedIn = ctx.context.newSession;
  if (signedIn) await rememberDevice(ctx, signedIn.user.id);
});

const beforeSignUp = createAuthMiddleware(async (ctx) => {
  const verdict = await consumeRateLimits(signUpThrottleRules(clientAddressOf(ctx)));
  if (!verdict.allowed) {
    const wait = Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000));
    throw tooManyAttempts(TOO_MANY_SIGN_UPS, `Too many accounts were created from your network. Try again in ${wait} ${wait === 1 ? "minute" : "minutes"}.`, verdict.retryAfterMs);
  }
});

/** A sign-in the /auth form refused before better-auth saw it: it names no valid account, so only its network address counts it. */
export async function countMalformedSignIn(clientAddress: string): Promise<void> {
  await countAttempt(signInThrottleRules({ account: null, clientAddress, knownDevice: null }), TOO_MANY_SIGN_IN_ATTEMPTS);
}

const isCode = (path: string | undefined) => path === VERIFY_TOTP || path === VERIFY_BACKUP_CODE;

/** The policy as a better-auth plugin; listed after the two-factor plugin, so its after hooks see the sign-in as that plugin left it. */
export function signInPolicy() {
  return {
    id: "agency-sign-in-policy",
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: beforeSignIn },
        { matcher: (ctx) => isCode(ctx.path), handler: beforeCode },
        { matcher: (ctx) => ctx.path === SIGN_UP, handler: beforeSignUp },
      ],
      after: [
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: afterSignIn },
        { matcher: (ctx) => isCode(ctx.path), handler: afterCode },
      ],
    },
  } satisfies BetterAuthPlugin;
}
