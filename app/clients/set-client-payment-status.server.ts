import type { Actor } from "~/audit/actor";
import { changeClient, paymentStatusChange, statusNotUpdated } from "./client-changes.server";
import type { PaymentStatus } from "./client-options";
import type { Client } from "./schema";

export type SetClientPaymentStatusOptions = {
  actor: Actor;
  clientId: string;
  paymentStatus: PaymentStatus;
};

/** The list's payment status select. */
export function setClientPaymentStatus({ actor, clientId, paymentStatus }: SetClientPaymentStatusOptions): Promise<Client> {
  return changeClient(actor, clientId, paymentStatusChange(paymentStatus), statusNotUpdated);
}
