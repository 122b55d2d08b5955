import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "~/forms/zod";
import { instanceSecret } from "~/auth/instance-secrets.server";
import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";

/**
 * Unsubscribe links are capabilities without a row per mail: the token carries the address (and
 * the outbox message it came in) signed with the installation's own secret (HMAC-SHA256, 256 bits),
 * so nobody can make one for an address they did not receive mail at, and a changed character
 * makes it invalid. `{payload}.{mac}`, both base64url.
 */
export type UnsubscribeSubject = { email: string; outboxId: string | null };

const payloadSchema = z.tuple([z.string().min(3).max(320).includes("@"), z.uuid().nullable()]);

// A purpose prefix: the same secret never signs anything that could pass for another kind of token.
function mac(key: string, payload: string): Buffer {
  return createHmac("sha256", key).update(`unsubscribe:${payload}`).digest();
}

export function signUnsubscribeToken(key: string, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(JSON.stringify([subject.email, subject.outboxId]), "utf8").toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

/** The signed subject, or null for anything this installation did not sign (forged, altered, cut). */
export function verifyUnsubscribeToken(key: string, token: string): UnsubscribeSubject | null {
  const match = /^([A-Za-z0-9_-]{4,600})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, payload = "", signature = ""] = match;
  // Compared as text: base64url has several spellings of the last byte, only ours is accepted.
  const given = Buffer.from(signature, "ascii");
  const expected = Buffer.from(mac(key, payload).toString("base64url"), "ascii");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? { email: parsed.data[0], outboxId: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** The installation's key for unsubscribe links, shared by every process through the database. */
export function unsubscribeKey(executor: DatabaseExecutor): Promise<string> {
  return instanceSecret(executor, "unsubscribe_secret");
}

/** The public link (PUBLIC_URL) that shows the unsubscribe page and takes the RFC 8058 one-click POST. */
export async function unsubscribeUrl(executor: DatabaseExecutor, subject: UnsubscribeSubject): Promise<string> {
  return `${config().publicUrl}/unsubscribe/${signUnsubscribeToken(await unsubscribeKey(executor), subject)}`;
}
