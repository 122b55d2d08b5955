import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import { checkImportRow, guessMapping, type ImportedLead, type ImportMapping } from "./lead-import";
import { leads } from "./schema";

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** A row of the longest message (5,000 characters) and every other field fits well within this. */
export const IMPORT_MAX_LINE_LENGTH = 20_000;
export const IMPORT_TOO_BIG = "The file is larger than 5 MB; split it and import the parts.";

export type ImportRowError = { line: number; errors: string[] };
export type ImportDuplicate = { line: number; email: string; reason: "existing" | "in-file" };

export type ImportAnalysis = {
  headers: string[];
  mapping: ImportMapping;
  rowCount: number;
  valid: { line: number; lead: ImportedLead }[];
  errors: ImportRowError[];
  duplicates: ImportDuplicate[];
  /** A problem with the file as a whole (unreadable, empty, too big). */
  fileError: string | null;
};

function readCsv(csvText: string): { headers: string[]; records: string[][] } | { error: string } {
  if (csvText.length > IMPORT_MAX_BYTES) return { error: IMPORT_TOO_BIG };
  try {
    const rows = parse(csvText, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false, max_record_size: IMPORT_MAX_LINE_LENGTH }) as string[][];
    const [headers, ...records] = rows;
    if (!headers || records.length === 0) return { error: "The file has no rows below its header line." };
    if (records.length > IMPORT_MAX_ROWS) return { error: `The file has ${records.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.` };
    return { headers: headers.map((header) => header.trim()), records };
  } catch (error) {
    return { error: `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Checks a whole file: per-row errors (line numbers as a spreadsheet shows
 * them, the header being line 1), and duplicates by e-mail, both within the
 * file and against existing leads.
 */
export async function analyseImport(csvText: string, mapping?: ImportMapping): Promise<ImportAnalysis> {
  const read = readCsv(csvText);
  if ("error" in read) {
    return { headers: [], mapping: guessMapping([]), rowCount: 0, valid: [], errors: [], duplicates: [], fileError: read.error };
  }
  const chosen = mapping ?? guessMapping(read.headers);
  const valid: ImportAnalysis["valid"] = [];
  const errors: ImportRowError[] = [];
  read.records.forEach((cells, index) => {
    const line = index + 2;
    const check = checkImportRow(cells, chosen);
    if (check.ok) valid.push({ line, lead: check.lead });
    else errors.push({ line, errors: check.errors });
  });

  const duplicates: ImportDuplicate[] = [];
  const seen = new Set<string>();
  const emails = [...new Set(valid.map((row) => row.lead.email.toLowerCase()))];
  const existing = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    const rows = await queryRows<{ email: string }>(
      db(),
      sql`select distinct lower(email) as email from ${leads} where lower(email) = any(${sql.param(chunk)}::text[])`,
    );
    for (const row of rows) existing.add(row.email);
  }
  for (const row of valid) {
    const email = row.lead.email.toLowerCase();
    if (existing.has(email)) duplicates.push({ line: row.line, email: row.lead.email, reason: "existing" });
    else if (seen.has(email)) duplicates.push({ line: row.line, email: row.lead.email, reason: "in-file" });
    seen.add(email);
  }
  return { headers: read.headers, mapping: chosen, rowCount: read.records.length, valid, errors, duplicates, fileError: null };
}

export type ImportResult =
  | { ok: true; imported: number; skippedDuplicates: number }
  | { ok: false; analysis: ImportAnalysis };

/**
 * All or nothing: any row error (or a file error) imports nothing; otherwise
 * every row goes in one transaction. Duplicates by e-mail are skipped unless
 * `includeDuplicates`.
 */
export async function importLeads(
  actor: Actor,
  csvText: string,
  mapping: ImportMapping,
  options: { includeDuplicates?: boolean } = {},
): Promise<ImportResult> {
  const analysis = await analyseImport(csvText, mapping);
  if (analysis.fileError || analysis.errors.length > 0) return { ok: false, analysis };
  const skip = new Set(options.includeDuplicates ? [] : analysis.duplicates.map((duplicate) => duplicate.line));
  const rows = analysis.valid.filter((row) => !skip.has(row.line)).map((row) => row.lead);
  await db().transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      const inserted = await tx.insert(leads).values(chunk).returning({ id: leads.id });
      const ids = inserted.map((row) => row.id);
      await tx.execute(sql`
        insert into lead_timeline_events (lead_id, event, data, actor_user_id)
        select id, 'form_submitted', '{"source":"import"}'::jsonb, ${actor.userId}
        from unnest(${sql.param(ids)}::uuid[]) as id`);
    }
    await recordAuditEntry(tx, actor, {
      action: "lead.import",
      entityType: "lead",
      summary: `${rows.length} lead(s) imported from CSV`,
      details: { imported: rows.length, skippedDuplicates: skip.size },
    });
  });
  return { ok: true, imported: rows.length, skippedDuplicates: skip.size };
}
