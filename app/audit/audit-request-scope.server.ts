import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the audit log knows of the HTTP request being answered: the client's address, and whether
 * a service already wrote this request's entry itself (then `answerForm`'s generic entry is not
 * written too: one action, one entry).
 */
type AuditRequestScope = { clientAddress: string; recorded: boolean };

const requestScope = new AsyncLocalStorage<AuditRequestScope>();

/** Runs the rest of an HTTP request knowing its client's address (server/app.ts). */
export function withClientAddress<T>(clientAddress: string, run: () => T): T {
  return requestScope.run({ clientAddress, recorded: false }, run);
}

export function requestClientAddress(): string | null {
  return requestScope.getStore()?.clientAddress ?? null;
}

export function markAuditRecorded(): void {
  const scope = requestScope.getStore();
  if (scope) scope.recorded = true;
}

export function auditAlreadyRecorded(): boolean {
  return requestScope.getStore()?.recorded ?? false;
}
