import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { auditLog, type AuditEntry } from "./schema";

/** Who did it and from where; built once per request from the admin's session. */
export type AuditActor = { userId: string | null; email: string | null; ipAddress: string | null };

export type AuditRecord = {
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  summary: string;
  details?: Record<string, unknown>;
};

/** The one way to write the audit log; call it inside the transaction that made the change. */
export async function recordAuditEntry(executor: DatabaseExecutor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ipAddress: actor.ipAddress,
    action: record.action,
    entityType: record.entityType ?? null,
    entityId: record.entityId ?? null,
    summary: record.summary,
    details: record.details ?? {},
  });
}

export type AuditFilters = {
  actorUserId?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** Entries strictly older than this instant (the page cursor). */
  before?: Date;
  since?: Date;
  limit?: number;
};

/** Newest first. */
export async function listAuditEntries(filters: AuditFilters = {}): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filters.actorUserId) conditions.push(eq(auditLog.actorUserId, filters.actorUserId));
  if (filters.entityType) conditions.push(eq(auditLog.entityType, filters.entityType));
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.before) conditions.push(lt(auditLog.occurredAt, filters.before));
  if (filters.since) conditions.push(gte(auditLog.occurredAt, filters.since));
  return db()
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(filters.limit ?? 50);
}
