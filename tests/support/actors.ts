import type { Actor } from "~/audit/actor";

/** An admin's Actor for services called directly by a test (no request, no session). */
export function testActor(overrides: Partial<Actor> = {}): Actor {
  return { userId: null, email: "admin@example.test", sessionId: null, ipAddress: "203.0.113.7", ...overrides };
}
