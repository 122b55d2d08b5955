import type { Actor } from "~/audit/actor";
import { changeClient, statusChange, statusNotUpdated } from "./client-changes.server";
import type { ClientStatus } from "./client-options";
import type { Client } from "./schema";

export type SetClientStatusOptions = {
  actor: Actor;
  clientId: string;
  status: ClientStatus;
};

/** The list's status select. */
export function setClientStatus({ actor, clientId, status }: SetClientStatusOptions): Promise<Client> {
  return changeClient(actor, clientId, statusChange(status), statusNotUpdated);
}
