import { clientPortalActor } from "~/audit/actor";
import { changeClient } from "./client-changes.server";
import type { ClientOwnDetailsInput } from "./client-form";
import type { Client } from "./schema";

export type UpdateClientOwnDetailsOptions = {
  clientId: string;
  input: ClientOwnDetailsInput;
};

/** The client's own correction of their phone and business name, from the client portal. */
export function updateClientOwnDetails({ clientId, input }: UpdateClientOwnDetailsOptions): Promise<Client> {
  return changeClient(clientPortalActor(), clientId, {
    values: input,
    action: "client.update-own-details",
    summary: () => "The client corrected their details in the client portal",
  });
}
