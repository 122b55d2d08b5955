import type { Actor } from "~/audit/actor";
import { changeClient } from "./client-changes.server";
import type { Client } from "./schema";

export type ArchiveClientOptions = {
  actor: Actor;
  clientId: string;
};

/** Archive: the way to put away a client whose invoices must be kept. */
export function archiveClient({ actor, clientId }: ArchiveClientOptions): Promise<Client> {
  return changeClient(actor, clientId, {
    values: { status: "archived" },
    action: "client.archive",
    summary: () => "Archived a client",
    details: (before) => ({ from: before.status }),
  });
}
