import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { config } from "~/config.server";
import { currentDatabase, type Database, type DatabaseHandle } from "~/db/connection.server";
import { instanceSecret } from "./instance-secrets.server";
import { account, rateLimit, session, twoFactor, user, verification } from "./schema";

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
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: config().env !== "test", storage: "database", window: 60, max: 30 },
    plugins: [twoFactorPlugin({ issuer: "Agency back-office" })],
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
