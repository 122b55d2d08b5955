import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { publish } from "~/events/domain-events";
import { pageRequest, type PageQuery, tablePage } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { emailSuppressions, type EmailSuppression } from "./schema";
import { findSuppression, suppressEmail, suppressionKey, unsuppressEmail } from "./suppression.server";
import type { SuppressionEntryInput } from "./suppression-forms";

/** The back-office's suppression list (/admin/emails/suppressions): newest first, server-paged. */
export const SUPPRESSIONS_PAGE_SIZE = 50;

export type SuppressionListPage = { suppressions: EmailSuppression[]; nextCursor: string | null; previousCursor: string | null };

/** One page, newest first by keyset on (created_at, address): the address is the list's key. */
export async function listSuppressions(query: PageQuery & { search?: string }): Promise<SuppressionListPage> {
  const page = await tablePage(
    emailSuppressions,
    pageRequest(query, SUPPRESSIONS_PAGE_SIZE),
    { by: emailSuppressions.createdAt, tieBreaker: emailSuppressions.email, tieBreakerKind: "text", direction: "desc", valueKind: "time" },
    (row) => ({ value: row.createdAt.toISOString(), id: row.email }),
    searchCondition(query.search ?? "", [emailSuppressions.email]),
  );
  return { suppressions: page.rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** An admin puts an address on the list: it receives no more marketing e-mail. */
export async function addSuppressionByAdmin(actor: Actor, input: SuppressionEntryInput): Promise<string> {
  const email = suppressionKey(input.email);
  return db().transaction(async (tx) => {
    const added = await suppressEmail(tx, { email, reason: "admin", detail: input.note });
    if (!added) throw new Refusal("This address is already on the suppression list", { status: 409, field: "email" });
    await publish(tx, "email.address-unsubscribed", { email, via: "admin", subject: null, actorUserId: actor.userId });
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
export async function removeSuppressionByAdmin(actor: Actor, address: string): Promise<string> {
  return db().transaction(async (tx) => {
    const existing = await findSuppression(tx, address);
    if (!existing) throw notFound("This address is not on the suppression list");
    await unsuppressEmail(tx, existing.email);
    await publish(tx, "email.address-resubscribed", { email: existing.email, via: "admin", actorUserId: actor.userId });
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
