import { and, desc, eq, gte, like, lt, sql, type SQL } from "drizzle-orm";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { pageRequest, type PageQuery, tablePage } from "~/lists/keyset-page.server";
import { v7 as timeOrderedId } from "uuid";
import type { Actor } from "./actor";
import type { AuditAction, AuditActions } from "./audit-actions";
import { auditLog, type AuditEntry } from "./schema";

/** An entry to write: a declared action (./audit-actions.ts) with that action's details. */
export type AuditRecord<Action extends AuditAction = AuditAction> = {
  action: Action;
  entityType?: string | null;
  entityId?: string | null;
  summary: string;
  details?: AuditActions[Action];
};

/**
 * The one way to write the audit log: a service calls it inside the transaction that made the
 * change, with the Actor it was given (decision 020).
 */
export async function recordAuditEntry<Action extends AuditAction>(executor: DatabaseExecutor, actor: Actor, record: AuditRecord<Action>): Promise<void> {
  await executor.insert(auditLog).values({
    // Time-ordered (UUIDv7, monotonic within a millisecond): entries written in one millisecond,
    // which share their occurred_at, still list in the order they were made.
    id: timeOrderedId(),
    // The account may be gone (removed, or not in a restored backup): the entry keeps its id and e-mail.
    actorUserId: actor.userId,
    actorEmail: actor.email,
    sessionId: actor.sessionId,
    // A service that does not know the address (templates, the e-mail log) gets the request's own.
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
  /** Every action of a domain ("lead" matches "lead.change-status"). */
  domain?: string;
  /** Entries at or after this instant, and strictly before that one (a day range). */
  since?: Date;
  before?: Date;
};

function auditCondition(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actorUserId ? eq(auditLog.actorUserId, filters.actorUserId) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.domain ? like(auditLog.action, `${filters.domain.replace(/[\\%_]/g, "\\$&")}.%`) : undefined,
    filters.since ? gte(auditLog.occurredAt, filters.since) : undefined,
    filters.before ? lt(auditLog.occurredAt, filters.before) : undefined,
  );
}

/** Newest first (a record's timeline, the tests). */
export async function listAuditEntries(filters: AuditFilters & { limit?: number } = {}): Promise<AuditEntry[]> {
  return db()
    .select()
    .from(auditLog)
    .where(auditCondition(filters))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(filters.limit ?? 50);
}

export const AUDIT_LOG_PAGE_SIZE = 50;

/** The Security tab's log: one page, newest first, by keyset on (occurred_at, id). */
export async function listAuditLogPage(filters: AuditFilters, page: PageQuery) {
  const entries = await tablePage(
    auditLog,
    pageRequest(page, AUDIT_LOG_PAGE_SIZE),
    { by: auditLog.occurredAt, tieBreaker: auditLog.id, direction: "desc", valueKind: "time" },
    (entry) => ({ value: entry.occurredAt.toISOString(), id: entry.id }),
    auditCondition(filters),
  );
  return { entries: entries.rows, nextCursor: entries.nextCursor, previousCursor: entries.previousCursor };
}

/**
 * The admins and kinds of record that appear in the log, for the Security tab's filters. Each list
 * is a walk of an index that jumps from one distinct value to the next (a recursive query that asks
 * for the next larger value), so it costs a few index probes per distinct value however long the
 * log is; a `select distinct` read the whole log, ~100 ms at 100,000 entries (decision 027).
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
