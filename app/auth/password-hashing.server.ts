import { randomBytes, scryptSync } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { config } from "~/config.server";

/** How passwords are hashed and checked: better-auth's own (`undefined`), except in the in-process test suites. */
export type PasswordHashing = { hash(password: string): Promise<string>; verify(input: { hash: string; password: string }): Promise<boolean> };

const CHEAP_PREFIX = "test$";

/**
 * In the in-process test suites (NODE_ENV=test), a hash that costs microseconds instead of
 * better-auth's scrypt (~160 ms of CPU here, twice per signed-in test account): those suites sign in
 * hundreds of accounts. Every app process, the attack suites' servers and the browser tests', runs
 * the real one, and a hash the real one made is still checked by it here.
 */
const cheapHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(8).toString("hex");
    return `${CHEAP_PREFIX}${salt}:${scryptSync(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 }).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(CHEAP_PREFIX)) return verifyPassword({ hash, password });
    const [salt = "", key = ""] = hash.slice(CHEAP_PREFIX.length).split(":");
    return scryptSync(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 }).toString("hex") === key;
  },
};

export function passwordHashing(): PasswordHashing | undefined {
  return config().env === "test" ? cheapHashing : undefined;
}

