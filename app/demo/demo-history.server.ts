import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/connection.server";

/**
 * The back-office's other long lists at scale, made in PostgreSQL itself from the leads already
 * there (one INSERT … SELECT each, so 100,000 rows take seconds): clients made from converted
 * leads that have none, an e-mail log entry per lead (newest leads first), audit entries for status
 * changes, and suppressed addresses. For benchmarks of the list pages (bench/admin-lists.ts).
 */
export type DemoHistoryOptions = { clients?: number; emails?: number; auditEntries?: number; suppressions?: number };
export type DemoHistoryResult = { clients: number; emails: number; auditEntries: number; suppressions: number };

/** How many rows an `insert … returning 1` added. */
const inserted = async (database: Database, insert: ReturnType<typeof sql>): Promise<number> =>
  (await queryRows<{ count: number }>(database, sql`with added as (${insert}) select count(*)::int as count from added`))[0]?.count ?? 0;

export async function seedDemoHistory(database: Database, options: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const result: DemoHistoryResult = { clients: 0, emails: 0, auditEntries: 0, suppressions: 0 };
  if (options.clients) {
    // Referral codes from the lead's id, in the codes' own alphabet (no look-alikes), 8 characters.
    result.clients = await inserted(
      database,
      sql`insert into clients (name, email, phone, tier, status, payment_status, lead_id, referral_code, created_at, updated_at)
      select l.name, l.email, l.phone, case when l.tier in ('1', '2', '3', '4') then l.tier else '1' end,
             (array['active', 'active', 'active', 'pending', 'paused', 'completed'])[1 + abs(hashtext(l.id::text)) % 6],
             (array['pending', 'paid', 'paid', 'partial', 'unpaid'])[1 + abs(hashtext(l.email)) % 5],
             l.id,
             translate(upper(substr(md5(l.id::text), 1, 8)), '01', 'XY'),
             l.created_at + interval '2 days', l.created_at + interval '2 days'
      from leads l
      where l.status = 'converted' and not exists (select 1 from clients c where c.lead_id = l.id)
      order by l.created_at desc
      limit ${options.clients}
      on conflict do nothing
      returning 1`,
    );
  }
  if (options.emails) {
    result.emails = await inserted(
      database,
      sql`insert into email_logs (sent_at, recipient_email, recipient_name, subject, email_type, status, error, lead_id)
      select l.created_at + interval '1 minute', l.email, l.name, 'Your $99 website offer is reserved', 'promo_welcome',
             (array['sent', 'sent', 'sent', 'sent', 'stored', 'retrying', 'failed'])[1 + abs(hashtext(l.id::text)) % 7],
             null, l.id
      from leads l order by l.created_at desc limit ${options.emails}
      returning 1`,
    );
  }
  if (options.auditEntries) {
    result.auditEntries = await inserted(
      database,
      sql`insert into audit_log (occurred_at, actor_email, action, entity_type, entity_id, summary, ip_address, details)
      select l.created_at + interval '1 hour', 'admin@agency.localhost', 'lead.change-status', 'lead', l.id::text,
             'Change status (lead ' || substr(l.id::text, 1, 8) || ')', '127.0.0.1',
             jsonb_build_object('fields', jsonb_build_array('status'), 'values', jsonb_build_object('status', l.status))
      from leads l order by l.created_at desc limit ${options.auditEntries}
      returning 1`,
    );
  }
  if (options.suppressions) {
    result.suppressions = await inserted(
      database,
      sql`insert into email_suppressions (email, reason, detail, created_at)
      select lower(l.email), (array['unsubscribed', 'bounced', 'admin'])[1 + abs(hashtext(l.email)) % 3], null, l.created_at + interval '3 days'
      from leads l order by l.created_at limit ${options.suppressions}
      on conflict do nothing
      returning 1`,
    );
  }
  return result;
}
