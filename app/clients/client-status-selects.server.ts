import type { Actor } from "~/audit/actor";
import { changeClient, paymentStatusChange, statusChange, statusNotUpdated } from "./client-changes.server";
import type { ClientStatus, PaymentStatus } from "./client-options";
import type { Client } from "./schema";

/** A select in a client's row: which client, by whom, and the field's new value. */
type SelectOptions<Value> = { actor: Actor; clientId: string } & Value;

/** The list's status select. */
export function setClientStatus({ actor, clientId, status }: SelectOptions<{ status: ClientStatus }>): Promise<Client> {
  return changeClient(actor, clientId, statusChange(status), statusNotUpdated);
}

/** The list's payment status select. */
export function setClientPaymentStatus({ actor, clientId, paymentStatus }: SelectOptions<{ paymentStatus: PaymentStatus }>): Promise<Client> {
  return changeClient(actor, clientId, paymentStatusChange(paymentStatus), statusNotUpdated);
}
