import { and, asc, desc, ilike, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { recordLeadEventForEmail } from "~/leads/lead-timeline.server";
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from "~/lists/list-view";
import { emailSuppressions, type EmailSuppression } from "./schema";
import { findSuppression, suppressEmail, suppressionKey, unsuppressEmail } from "./suppression.server";
import type { SuppressionEntryInput } from "./suppression-forms";

/** The back-office's suppression list (/admin/emails/suppressions): newest first, server-paged. */
export const SUPPRESSIONS_PAGE_SIZE = 50;

export type SuppressionListPage = { suppressions: EmailSuppression[]; nextCursor: string | null; previousCursor: string | null };

/** A cursor of this list: the row's time and its address (the key). Anything else is page 1. */
function readCursor(raw: string | null | undefined): KeysetCursor | null {
  const cursor = decodeKeysetCursor(raw);
  if (!cursor || typeof cursor.value !== "string" || Number.isNaN(Date.parse(cursor.value)) || cursor.id.length > 320) return null;
  return cursor;
}

export async function listSuppressions(query: { search?: string; after?: string | null; before?: string | null; pageSize?: number }): Promise<SuppressionListPage> {
  const pageSize = query.pageSize ?? SUPPRESSIONS_PAGE_SIZE;
  const after = readCursor(query.after);
  const before = after ? null : readCursor(query.before);
  const boundary = after ?? before;
  const readDirection = before ? "asc" : "desc";
  const term = query.search?.trim();
  const search = term ? ilike(emailSuppressions.email, `%${term.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`) : undefined;
  const boundaryCondition = boundary
    ? readDirection === "desc"
      ? sql`(${emailSuppressions.createdAt}, ${emailSuppressions.email}) < (${boundary.value}::timestamptz, ${boundary.id})`
      : sql`(${emailSuppressions.createdAt}, ${emailSuppressions.email}) > (${boundary.value}::timestamptz, ${boundary.id})`
    : undefined;
  const order = readDirection === "desc" ? desc : asc;
  const rows = await db()
    .select()
    .from(emailSuppressions)
    .where(and(search, boundaryCondition))
    .orderBy(order(emailSuppressions.createdAt), order(emailSuppressions.email))
    .limit(pageSize + 1);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const cursorOf = (row: EmailSuppression) => encodeKeysetCursor({ value: row.createdAt.toISOString(), id: row.email });
  const first = page[0];
  const last = page[page.length - 1];
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    suppressions: page,
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
}

/** An admin puts an address on the list: it receives no more marketing e-mail. */
export async function addSuppressionByAdmin(input: SuppressionEntryInput, actor: Actor): Promise<string> {
  const email = suppressionKey(input.email);
  return db().transaction(async (tx) => {
    const added = await suppressEmail(tx, { email, reason: "admin", detail: input.note });
    if (!added) throw new Refusal("This address is already on the suppression list", { status: 409, field: "email" });
    await recordLeadEventForEmail(tx, email, { event: "unsubscribed", data: { via: "admin", email }, actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, {
      action: "email.suppression-add",
      entityType: "email_suppression",
      entityId: email,
      summary: "Added an address to the e-mail suppression list",
      details: { reason: "admin" },
    });
    return email;
  });
}

/** An admin takes an address off the list, whatever put it there: marketing e-mail reaches it again. */
export async function removeSuppressionByAdmin(address: string, actor: Actor): Promise<string> {
  return db().transaction(async (tx) => {
    const existing = await findSuppression(tx, address);
    if (!existing) throw notFound("This address is not on the suppression list");
    await unsuppressEmail(tx, existing.email);
    await recordLeadEventForEmail(tx, existing.email, { event: "resubscribed", data: { via: "admin", email: existing.email }, actorUserId: actor.userId });
    await recordAuditEntry(tx, actor, {
      action: "email.suppression-remove",
      entityType: "email_suppression",
      entityId: existing.email,
      summary: "Removed an address from the e-mail suppression list",
      details: { reason: existing.reason },
    });
    return existing.email;
  });
}
