import type { AppLoadContext } from "react-router";
import type { SignedInUser } from "~/auth/guard.server";
import { clientAddressOf } from "~/request-safety/client-address.server";
import type { AuditActor } from "./audit-log.server";

/** The audit log's "who and from where" for an admin's request (their session and the request's address). */
export function auditActorOf(admin: SignedInUser, context: AppLoadContext | undefined): AuditActor {
  const address = clientAddressOf(context);
  return { userId: admin.id, email: admin.email, ipAddress: address === "unknown" ? null : address };
}
