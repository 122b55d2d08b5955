import { desc, eq, sql } from "drizzle-orm";
import { user } from "~/auth/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import type { LeadTimelineEventType } from "./lead-options";
import { leadTimelineEvents, type LeadTimelineData } from "./schema";

/**
 * The one way to write a lead's history. Other domains call it inside their
 * own transaction (the outbox when it queues mail for a lead, the delivery
 * worker when it sends or fails, booking when an invitation goes out or a slot
 * is booked, conversion). A lead deleted meanwhile simply gets no entry.
 */
export type LeadEventInput = {
  leadId: string;
  event: LeadTimelineEventType;
  data?: LeadTimelineData;
  /** The admin who did it; null for visitors and background work. */
  actorUserId?: string | null;
};

export async function recordLeadEvent(executor: DatabaseExecutor, input: LeadEventInput): Promise<void> {
  // clock_timestamp, not now(): several events written in one transaction keep their order.
  await executor.execute(sql`
    insert into ${leadTimelineEvents} (lead_id, event, data, actor_user_id, created_at)
    select ${input.leadId}::uuid, ${input.event}, ${JSON.stringify(input.data ?? {})}::jsonb, ${input.actorUserId ?? null}, clock_timestamp()
    where exists (select 1 from leads where id = ${input.leadId}::uuid)`);
}

/**
 * The same entry on every lead with this address (a person who claimed a promo and later sent an
 * inquiry is two leads): what happens to an address, such as an unsubscribe, happens to all of them.
 */
export async function recordLeadEventForEmail(executor: DatabaseExecutor, email: string, input: Omit<LeadEventInput, "leadId">): Promise<void> {
  await executor.execute(sql`
    insert into ${leadTimelineEvents} (lead_id, event, data, actor_user_id, created_at)
    select id, ${input.event}, ${JSON.stringify(input.data ?? {})}::jsonb, ${input.actorUserId ?? null}, clock_timestamp()
    from leads where lower(email) = ${email.trim().toLowerCase()}`);
}

export type LeadTimelineEntry = {
  id: string;
  event: LeadTimelineEventType;
  data: LeadTimelineData;
  createdAt: Date;
  actorName: string | null;
};

/** Newest first. */
export async function listLeadTimeline(leadId: string): Promise<LeadTimelineEntry[]> {
  return db()
    .select({
      id: leadTimelineEvents.id,
      event: leadTimelineEvents.event,
      data: leadTimelineEvents.data,
      createdAt: leadTimelineEvents.createdAt,
      actorName: user.name,
    })
    .from(leadTimelineEvents)
    .leftJoin(user, eq(user.id, leadTimelineEvents.actorUserId))
    .where(eq(leadTimelineEvents.leadId, leadId))
    .orderBy(desc(leadTimelineEvents.createdAt), desc(leadTimelineEvents.id))
    .limit(500);
}
