import { createHash } from "node:crypto";

/**
 * The fingerprints of a signed contract's record (decision 049): the SHA-256 of a frozen contract
 * text, and a chain of events in which each carries the hash of the one before, so that a changed,
 * removed or reordered event breaks the chain where it happened.
 */

/** The SHA-256 of a text (as UTF-8) or of bytes, as 64 lower-case hex digits. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

export type ChainedEvent = {
  kind: string;
  occurredAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  previousHash: string | null;
  hash: string;
};

type EventFields = Omit<ChainedEvent, "previousHash" | "hash">;

/**
 * One text for a value whatever order its keys were written in: keys sorted at every depth, times
 * as ISO strings, undefined left out (as JSON leaves it out), so that a row read back from a jsonb
 * column (which reorders keys) hashes as it did when written.
 */
function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function eventHash(previousHash: string | null, event: EventFields): string {
  return sha256Hex(
    canonicalJson({
      previousHash,
      kind: event.kind,
      occurredAt: event.occurredAt,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      details: event.details,
    }),
  );
}

/** The event as the next link of the chain: `previous` is the last event so far, null for the first. */
export function chainEvent(previous: { hash: string } | null, event: EventFields): ChainedEvent {
  const previousHash = previous?.hash ?? null;
  return {
    kind: event.kind,
    occurredAt: event.occurredAt,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    details: event.details,
    previousHash,
    hash: eventHash(previousHash, event),
  };
}

/**
 * Whether the events, in their order, form an unbroken chain; if not, the index of the first event
 * that does not fit and why. A chain cannot tell that events were cut off its end: whoever keeps it
 * keeps the last hash too (decision 049).
 */
export function verifyChain(events: ChainedEvent[]): { valid: true } | { valid: false; brokenAt: number; reason: string } {
  for (const [index, event] of events.entries()) {
    const expectedPrevious = index === 0 ? null : events[index - 1].hash;
    if (event.previousHash !== expectedPrevious) {
      const reason =
        index === 0
          ? "the first event names an event before it: events are missing from the start"
          : "the event does not name the one before it as its previous: an event was removed, added or moved";
      return { valid: false, brokenAt: index, reason };
    }
    if (eventHash(event.previousHash, event) !== event.hash) {
      return { valid: false, brokenAt: index, reason: "the event's fields do not match its hash: it was changed after it was recorded" };
    }
  }
  return { valid: true };
}
