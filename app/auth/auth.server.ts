import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { config } from "~/config.server";
import { currentDatabase, type Database, type DatabaseHandle } from "~/db/connection.server";
import { CLIENT_ADDRESS_HEADER } from "./auth-request-headers";
import { instanceSecret } from "./instance-secrets.server";
import { passwordHashing } from "./password-hashing.server";
import { account, rateLimit, session, twoFactor, user, verification } from "./schema";
import { signInPolicy } from "./sign-in-policy.server";

function createAuth(db: Database, secret: string) {
  const { publicUrl } = config();
  return betterAuth({
    appName: "Agency back-office",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor, rateLimit },
    }),
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 128, password: passwordHashing() },
    // A session lives at most 7 days from sign-in. Its updated_at is its last activity, written
    // only by the idle timeout (sessions.server.ts), so better-auth's own refresh is off.
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24, disableSessionRefresh: true },
    // Password sign-in is throttled by our own counters (sign-in-policy.server.ts, for the form and
    // this API alike), so better-auth's per-path sign-in rule is off; its general limit still
    // covers the HTTP endpoints that are open (auth-api.server.ts).
    rateLimit: {
      enabled: config().env !== "test",
      storage: "database",
      window: 60,
      max: 30,
      customRules: { "/sign-in/email": false },
    },
    // The visitor's address as the server saw it (never a header the visitor sent: every request
    // reaching better-auth has this header set by authRequestHeaders), for its rate limits and
    // the sessions list.
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    // A fault inside its HTTP endpoints (not a refusal: those stay its answers) is thrown to the
    // route, as any loader's: logged once by the app's error handler, and a 503 when the database
    // was away (decision 045) rather than its bare 500.
    onAPIError: { throw: true },
    // The policy after the two-factor plugin: its after hooks see a sign-in as two-factor left it.
    plugins: [twoFactorPlugin({ issuer: "Agency back-office" }), signInPolicy()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The session secret: AUTH_SECRET if set, else one generated on first start and shared by every process. */
async function sessionSecret(db: Database): Promise<string> {
  const configured = config().authSecret;
  if (configured) return configured;
  return instanceSecret(db, "auth_secret");
}

// One auth instance per open database (tests open many).
const instances = new WeakMap<DatabaseHandle, Promise<Auth>>();

export function getAuth(): Promise<Auth> {
  const handle = currentDatabase();
  let instance = instances.get(handle);
  if (!instance) {
    instance = sessionSecret(handle.db).then((secret) => createAuth(handle.db, secret));
    instances.set(handle, instance);
  }
  return instance;
}
