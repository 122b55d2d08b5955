import type { Actor } from "~/audit/actor";
import { changeClient } from "./client-changes.server";
import type { EditClientInput } from "./client-form";
import type { Client } from "./schema";

export type UpdateClientOptions = {
  actor: Actor;
  clientId: string;
  input: EditClientInput;
};

/** The client page's Edit: the client's details, tier and statuses. */
export function updateClient({ actor, clientId, input }: UpdateClientOptions): Promise<Client> {
  return changeClient(actor, clientId, {
    values: input,
    action: "client.update",
    summary: () => "Updated a client's details",
    details: () => ({ tier: input.tier, status: input.status, paymentStatus: input.paymentStatus }),
  });
}
