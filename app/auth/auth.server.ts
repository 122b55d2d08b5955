import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { config } from "~/config.server";
import { currentDatabase, type Database, type DatabaseHandle } from "~/db/connection.server";
import { CLIENT_ADDRESS_HEADER } from "./auth-request-headers";
import { instanceSecret, SIGNING_SECRET } from "./instance-secrets.server";
import { passwordHashing } from "./password-hashing.server";
import { account, rateLimit, session, twoFactor, user, verification } from "./schema";
import { signInPolicy } from "./sign-in-policy.server";

/**
 * better-auth keys what it encrypts in the database (two-factor secrets, recovery codes) with its
 * `secret`, which also signs its cookies. Here the two are apart (issue 41): `secret` signs, and
 * this plugin gives the encryption the stored-data key, which travels in a backup with what it
 * encrypts, so a restored database still reads its two-factor secrets while no backup can sign a
 * session cookie.
 */
function storedDataKey(key: string) {
  return { id: "agency-stored-data-key", init: () => ({ context: { secretConfig: key } }) } satisfies BetterAuthPlugin;
}

function createAuth(db: Database, secrets: AuthSecrets) {
  const { publicUrl } = config();
  return betterAuth({
    appName: "Agency back-office",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: secrets.signing,
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
    plugins: [twoFactorPlugin({ issuer: "Agency back-office" }), signInPolicy(), storedDataKey(secrets.storedData)],
  });
}

export type Auth = ReturnType<typeof createAuth>;

type AuthSecrets = { signing: string; storedData: string };

/**
 * AUTH_SECRET for both when it is set. Otherwise each generated on first start and shared by every
 * process: the signing secret (`session_secret`), which a backup leaves out and a restored database
 * makes anew, so that restoring signs everyone out and a leaked backup signs nobody in; and the
 * stored-data key (`auth_secret`, the one secret before issue 41, so what it encrypted still reads).
 */
async function authSecrets(db: Database): Promise<AuthSecrets> {
  const configured = config().authSecret;
  if (configured) return { signing: configured, storedData: configured };
  return { signing: await instanceSecret(db, SIGNING_SECRET), storedData: await instanceSecret(db, "auth_secret") };
}

// One auth instance per open database (tests open many).
const instances = new WeakMap<DatabaseHandle, Promise<Auth>>();

export function getAuth(): Promise<Auth> {
  const handle = currentDatabase();
  let instance = instances.get(handle);
  if (!instance) {
    instance = authSecrets(handle.db).then((secrets) => createAuth(handle.db, secrets));
    instances.set(handle, instance);
  }
  return instance;
}
