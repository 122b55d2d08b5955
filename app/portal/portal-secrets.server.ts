import { createHash, randomBytes } from "node:crypto";

/**
 * The portal's capabilities (a sign-in link, a session's cookie): 256 random bits, base64url; the
 * database keeps only their SHA-256, so a copy of it opens nothing. A secret is looked up by its
 * whole hash: a guessed or shortened one finds nothing.
 */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function newPortalSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function isPortalSecret(value: unknown): value is string {
  return typeof value === "string" && SECRET.test(value);
}

export function hashOfSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}
