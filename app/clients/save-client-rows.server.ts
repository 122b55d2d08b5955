import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { changeClientIn, paymentStatusChange, statusChange, statusNotUpdated } from "./client-changes.server";
import type { ClientRowStatuses } from "./client-form";

export type SaveClientRowsOptions = {
  actor: Actor;
  rows: ClientRowStatuses[];
};

/**
 * The list's rows saved at once (its form posted without JavaScript): each row's status and
 * payment status, in one transaction, each change with its own audit entry as a select's change
 * has; an unchanged row records nothing. A client deleted meanwhile refuses the whole save.
 */
export async function saveClientRows({ actor, rows }: SaveClientRowsOptions): Promise<void> {
  await db().transaction(async (tx) => {
    for (const row of rows) {
      if (row.status) await changeClientIn(tx, actor, row.clientId, statusChange(row.status), statusNotUpdated);
      if (row.paymentStatus) await changeClientIn(tx, actor, row.clientId, paymentStatusChange(row.paymentStatus), statusNotUpdated);
    }
  });
}
