import { and, asc, desc, eq, gt, gte, like, lt, or, sql, type SQL } from "drizzle-orm";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { markAuditRecorded, requestClientAddress } from "./audit-request-scope.server";
import type { Actor } from "./actor";
import { auditLog, type AuditEntry } from "./schema";

export type AuditRecord = {
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  summary: string;
  details?: Record<string, unknown>;
};

/**
 * The one way to write the audit log: a service calls it inside the transaction that made the
 * change, with the Actor it was given (decision 023).
 */
export async function recordAuditEntry(executor: DatabaseExecutor, actor: Actor, record: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({
    // The account may be gone (removed, or not in a restored backup): the entry keeps the e-mail.
    actorUserId: actor.userId ? sql`(select id from "user" where id = ${actor.userId})` : null,
    actorEmail: actor.email,
    sessionId: actor.sessionId,
    // A service that does not know the address (templates, the e-mail log) gets the request's own.
    ipAddress: actor.ipAddress ?? requestClientAddress(),
    action: record.action,
    entityType: record.entityType ?? null,
    entityId: record.entityId ?? null,
    summary: record.summary,
    details: record.details ?? {},
  });
  markAuditRecorded();
}

export type AuditCursor = { occurredAt: Date; id: string };

export type AuditFilters = {
  actorUserId?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** Every action of a domain ("lead" matches "lead.change-status"). */
  domain?: string;
  /** Keyset paging in newest-first order: entries older (next page) or newer (previous page) than this one. */
  olderThan?: AuditCursor;
  newerThan?: AuditCursor;
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
  if (filters.domain) conditions.push(like(auditLog.action, `${filters.domain.replace(/[\\%_]/g, "\\$&")}.%`));
  if (filters.olderThan) {
    const { occurredAt, id } = filters.olderThan;
    const older = or(lt(auditLog.occurredAt, occurredAt), and(eq(auditLog.occurredAt, occurredAt), lt(auditLog.id, id)));
    if (older) conditions.push(older);
  }
  if (filters.newerThan) {
    const { occurredAt, id } = filters.newerThan;
    const newer = or(gt(auditLog.occurredAt, occurredAt), and(eq(auditLog.occurredAt, occurredAt), gt(auditLog.id, id)));
    if (newer) conditions.push(newer);
    // The page just before: the nearest newer entries, shown newest first.
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(...conditions))
      .orderBy(asc(auditLog.occurredAt), asc(auditLog.id))
      .limit(filters.limit ?? 50);
    return rows.reverse();
  }
  if (filters.before) conditions.push(lt(auditLog.occurredAt, filters.before));
  if (filters.since) conditions.push(gte(auditLog.occurredAt, filters.since));
  return db()
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(filters.limit ?? 50);
}

/**
 * The admins and kinds of record that appear in the log, for the Security tab's filters. Each list
 * is a walk of an index that jumps from one distinct value to the next (a recursive query that asks
 * for the next larger value), so it costs a few index probes per distinct value however long the
 * log is; a `select distinct` read the whole log, ~100 ms at 100,000 entries (decision 030).
 */
export async function auditFilterChoices(): Promise<{ actors: { id: string; email: string }[]; entityTypes: string[]; domains: string[] }> {
  const [actors, types, actions] = await Promise.all([
    queryRows<{ id: string; email: string | null }>(
      db(),
      sql`with recursive actors(id) as (
            select min(actor_user_id) from audit_log
            union all
            select (select min(actor_user_id) from audit_log where actor_user_id > actors.id) from actors where actors.id is not null
          )
          select actors.id, emails.email from actors
          left join lateral (
            with recursive emails(email) as (
              select min(actor_email) from audit_log where actor_user_id = actors.id
              union all
              select (select min(actor_email) from audit_log where actor_user_id = actors.id and actor_email > emails.email)
              from emails where emails.email is not null
            )
            select email from emails where email is not null
          ) emails on true
          where actors.id is not null`,
    ),
    distinctValues("entity_type"),
    distinctValues("action"),
  ]);
  return {
    actors: actors.map((row) => ({ id: row.id, email: row.email ?? row.id })).sort((a, b) => a.email.localeCompare(b.email)),
    entityTypes: types.sort(),
    domains: [...new Set(actions.map((action) => action.split(".")[0] ?? action))].sort(),
  };
}

/** The distinct non-null values of an indexed column of the log, by a walk of its index. */
async function distinctValues(column: "entity_type" | "action"): Promise<string[]> {
  const name = sql.identifier(column);
  const rows = await queryRows<{ value: string | null }>(
    db(),
    sql`with recursive walk(value) as (
          select min(${name}) from audit_log
          union all
          select (select min(${name}) from audit_log where ${name} > walk.value) from walk where walk.value is not null
        )
        select value from walk where value is not null`,
  );
  return rows.flatMap((row) => (row.value === null ? [] : [row.value]));
}

/** When `action` was last recorded (the newest erasure, say), or null if never. */
export async function latestEntryOf(action: string): Promise<Date | null> {
  const [row] = await db()
    .select({ occurredAt: auditLog.occurredAt })
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.occurredAt))
    .limit(1);
  return row?.occurredAt ?? null;
}
