import { desc, eq, max, sql } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import type { PortalEventKind } from "./portal-events";
import { portalEvents, portalSessions } from "./schema";

/** Records what the client did (the client's page in the back-office lists it). */
export async function recordPortalEvent(
  clientId: string,
  event: { kind: PortalEventKind; subjectId?: string | null; label?: string | null },
  executor: DatabaseExecutor = db(),
): Promise<void> {
  await executor.insert(portalEvents).values({ clientId, kind: event.kind, subjectId: event.subjectId ?? null, label: event.label ?? null });
}

export type PortalActivity = {
  lastVisit: Date | null;
  /** The client's portal sessions not yet ended: the browsers signed in. */
  signedIn: number;
  events: { id: string; kind: PortalEventKind; label: string | null; occurredAt: Date }[];
};

/** The client's last visit to the portal and the latest things they did there, newest first. */
export async function portalActivity(clientId: string, limit = 20): Promise<PortalActivity> {
  const [[visit], events] = await Promise.all([
    db()
      .select({ lastVisit: max(portalSessions.lastSeenAt), signedIn: sql<number>`(count(*) filter (where ${portalSessions.expiresAt} > now()))::int` })
      .from(portalSessions)
      .where(eq(portalSessions.clientId, clientId)),
    db()
      .select({ id: portalEvents.id, kind: portalEvents.kind, label: portalEvents.label, occurredAt: portalEvents.occurredAt })
      .from(portalEvents)
      .where(eq(portalEvents.clientId, clientId))
      .orderBy(desc(portalEvents.occurredAt), desc(portalEvents.id))
      .limit(limit),
  ]);
  const lastEvent = events[0]?.occurredAt ?? null;
  const lastSeen = visit?.lastVisit ?? null;
  return { lastVisit: lastSeen && lastEvent ? (lastSeen > lastEvent ? lastSeen : lastEvent) : (lastSeen ?? lastEvent), signedIn: visit?.signedIn ?? 0, events };
}
