import { sql } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { queryRows, type Database } from "~/db/connection.server";
import type { NewLead } from "~/leads/schema";
import { projects } from "~/projects/schema";
import { demoClient, demoLead, demoProject, seededRandom, type Random } from "./demo-factories";

/**
 * Writes leads fast: one INSERT per batch that unnests one array per column
 * (a handful of parameters however many rows; PostgreSQL's limit is 65,535
 * parameters per statement), and their `form_submitted` timeline entries in
 * the same statement. Returns the new ids in input order.
 */
export async function insertLeadsInBulk(database: Database, rows: NewLead[]): Promise<string[]> {
  if (rows.length === 0) return [];
  // One bound parameter per column (sql.param): a bare array in a drizzle template would become a list of parameters.
  const column = <T>(read: (lead: NewLead) => T) => sql.param(rows.map(read));
  const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  const result = await queryRows<{ id: string }>(
    database,
    sql`
    with input as (
      select * from unnest(
        ${column((l) => iso(l.createdAt ?? new Date()))}::timestamptz[],
        ${column((l) => l.name)}::text[],
        ${column((l) => l.email)}::text[],
        ${column((l) => l.phone ?? null)}::text[],
        ${column((l) => l.businessType ?? null)}::text[],
        ${column((l) => l.industry ?? null)}::text[],
        ${column((l) => l.message ?? null)}::text[],
        ${column((l) => l.tier ?? null)}::text[],
        ${column((l) => l.source)}::text[],
        ${column((l) => l.status ?? "new")}::text[],
        ${column((l) => l.promoCode ?? null)}::text[],
        ${column((l) => l.promoStatus ?? null)}::text[],
        ${column((l) => iso(l.promoExpiresAt))}::timestamptz[],
        ${column((l) => iso(l.promoEmailSentAt))}::timestamptz[],
        ${column((l) => (l.tags ?? []).join(","))}::text[],
        ${column((l) => l.bookingStatus ?? "not_sent")}::text[]
      ) with ordinality as t(created_at, name, email, phone, business_type, industry, message, tier, source, status,
                             promo_code, promo_status, promo_expires_at, promo_email_sent_at, tags, booking_status, position)
    ),
    inserted as (
      insert into leads (created_at, updated_at, name, email, phone, business_type, industry, message, tier, source, status,
                         promo_code, promo_status, promo_expires_at, promo_email_sent_at, tags, booking_status)
      select created_at, created_at, name, email, phone, business_type, industry, message, tier, source, status,
             promo_code, promo_status, promo_expires_at, promo_email_sent_at,
             case when tags = '' then '{}'::text[] else string_to_array(tags, ',') end, booking_status
      from input order by position
      returning id, created_at, source, tier
    ),
    timeline as (
      insert into lead_timeline_events (lead_id, event, data, created_at)
      select id, 'form_submitted', jsonb_build_object('source', source, 'tier', tier), created_at from inserted
    )
    select id::text as id from inserted`,
  );
  return result.map((row) => row.id);
}

export type DemoSeedOptions = {
  leads: number;
  clients?: number;
  seed?: number;
  now?: Date;
  /** Leads are spread over this many days before now (default 365). */
  spreadDays?: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
};

export type DemoSeedResult = { leads: number; clients: number; projects: number };

/** The demo data set: leads (in batches), then clients made from some converted leads, each with a project. */
export async function seedDemoData(database: Database, options: DemoSeedOptions): Promise<DemoSeedResult> {
  const random: Random = seededRandom(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 5000;
  const [{ offset } = { offset: 0 }] = await queryRows<{ offset: number }>(database, sql`select count(*)::int as offset from leads`);
  const converted: { id: string; lead: NewLead }[] = [];
  const wantedClients = options.clients ?? Math.min(200, Math.ceil(options.leads / 20));
  for (let done = 0; done < options.leads; done += batchSize) {
    const size = Math.min(batchSize, options.leads - done);
    const batch = Array.from({ length: size }, (_, index) => demoLead(random, { now, spreadDays: options.spreadDays, sequence: offset + done + index + 1 }));
    const ids = await insertLeadsInBulk(database, batch);
    if (converted.length < wantedClients) {
      batch.forEach((lead, index) => {
        const id = ids[index];
        if (id && lead.status === "converted" && converted.length < wantedClients) converted.push({ id, lead });
      });
    }
    options.onProgress?.(done + size, options.leads);
  }

  let projectCount = 0;
  for (const { id, lead } of converted) {
    const [client] = await database
      .insert(clients)
      .values(demoClient(random, { now, lead: { ...lead, id } }))
      .onConflictDoNothing({ target: clients.leadId })
      .returning({ id: clients.id, tier: clients.tier });
    if (!client) continue;
    await database.insert(projects).values({
      ...demoProject(random, { clientId: client.id, tier: client.tier, sequence: projectCount, now }),
      projectNumber: sql`'PRJ-' || nextval('project_number_seq')`,
    });
    projectCount += 1;
  }
  return { leads: options.leads, clients: converted.length, projects: projectCount };
}
