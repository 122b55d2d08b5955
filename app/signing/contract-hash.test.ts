import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chainEvent, sha256Hex, verifyChain, type ChainedEvent } from "./contract-hash";

function chainOf(count: number): ChainedEvent[] {
  const events: ChainedEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    events.push(
      chainEvent(events.at(-1) ?? null, {
        kind: ["sent", "opened", "viewed version", "consented", "signed"][index % 5],
        occurredAt: new Date(Date.UTC(2026, 10, 24, 13, index)),
        ipAddress: index === 0 ? null : `203.0.113.${index}`,
        userAgent: index === 0 ? null : "Mozilla/5.0 (iPhone)",
        details: { step: index, version: { number: 1, sha256: "ab".repeat(32) } },
      }),
    );
  }
  return events;
}

describe("sha256Hex", () => {
  it("is the SHA-256 of the text's UTF-8 bytes, and of bytes as given", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("Café — contract")).toBe(createHash("sha256").update(Buffer.from("Café — contract", "utf8")).digest("hex"));
    expect(sha256Hex(new Uint8Array([1, 2, 3]))).toBe(createHash("sha256").update(Buffer.from([1, 2, 3])).digest("hex"));
  });
});

describe("the event chain", () => {
  it("links each event to the one before, the first to none, and verifies", () => {
    const events = chainOf(5);
    expect(events[0].previousHash).toBeNull();
    for (let index = 1; index < events.length; index += 1) expect(events[index].previousHash).toBe(events[index - 1].hash);
    expect(new Set(events.map((event) => event.hash)).size).toBe(5);
    expect(verifyChain(events)).toEqual({ valid: true });
    expect(verifyChain([])).toEqual({ valid: true });
  });

  it("hashes the same event the same way whatever order its details' keys come in (as read back from jsonb)", () => {
    const occurredAt = new Date("2026-11-24T13:05:00.000Z");
    const one = chainEvent(null, { kind: "signed", occurredAt, ipAddress: "203.0.113.9", userAgent: "UA", details: { name: "Ann Lee", consent: { given: true, at: "x" } } });
    const other = chainEvent(null, { kind: "signed", occurredAt: new Date(occurredAt.getTime()), ipAddress: "203.0.113.9", userAgent: "UA", details: { consent: { at: "x", given: true }, name: "Ann Lee" } });
    expect(other.hash).toBe(one.hash);
  });

  it("finds an event whose field was changed after it was recorded", () => {
    for (const change of [
      (event: ChainedEvent) => ({ ...event, ipAddress: "198.51.100.7" }),
      (event: ChainedEvent) => ({ ...event, occurredAt: new Date(event.occurredAt.getTime() + 1000) }),
      (event: ChainedEvent) => ({ ...event, details: { ...event.details, step: 99 } }),
      (event: ChainedEvent) => ({ ...event, kind: "declined" }),
      (event: ChainedEvent) => ({ ...event, userAgent: null }),
    ]) {
      const events = chainOf(5);
      events[2] = change(events[2]);
      const result = verifyChain(events);
      expect(result).toMatchObject({ valid: false, brokenAt: 2 });
      if (!result.valid) expect(result.reason).toMatch(/changed/);
    }
  });

  it("finds a removed event, in the middle and at the start", () => {
    const events = chainOf(5);
    expect(verifyChain([...events.slice(0, 2), ...events.slice(3)])).toMatchObject({ valid: false, brokenAt: 2 });
    const withoutFirst = verifyChain(events.slice(1));
    expect(withoutFirst).toMatchObject({ valid: false, brokenAt: 0 });
    if (!withoutFirst.valid) expect(withoutFirst.reason).toMatch(/missing from the start/);
  });

  it("finds reordered events", () => {
    const events = chainOf(5);
    const swapped = [events[0], events[2], events[1], events[3], events[4]];
    const result = verifyChain(swapped);
    expect(result).toMatchObject({ valid: false, brokenAt: 1 });
    if (!result.valid) expect(result.reason).toMatch(/removed, added or moved/);
  });

  it("finds an event re-hashed after a change, by the next event's link", () => {
    const events = chainOf(4);
    const forged = chainEvent(events[0], { ...events[1], ipAddress: "198.51.100.7" });
    expect(verifyChain([events[0], forged, events[2], events[3]])).toMatchObject({ valid: false, brokenAt: 2 });
  });
});
