import type { Actor } from "~/audit/actor";
import { changeClient } from "./client-changes.server";
import type { Client } from "./schema";

export type SaveClientNotesOptions = {
  actor: Actor;
  clientId: string;
  notes: string | null;
};

/** The client page's internal notes. */
export function saveClientNotes({ actor, clientId, notes }: SaveClientNotesOptions): Promise<Client> {
  return changeClient(actor, clientId, { values: { notes }, action: "client.notes", summary: () => "Saved a client's internal notes" });
}
