import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "react-router";

/** The visitor's address for rate limits; "unknown" when the server did not provide one (all such share a limit). */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  const address = (context as Partial<AppLoadContext> | undefined)?.clientAddress;
  return typeof address === "string" && address !== "" ? address : "unknown";
}

const requestAddress = new AsyncLocalStorage<string>();

/**
 * Runs the rest of an HTTP request knowing its client's address (server/app.ts, with the same
 * address as `context.clientAddress`), for code that gets no `context`: the guard's Actor.
 */
export function withClientAddress<T>(clientAddress: string, run: () => T): T {
  return requestAddress.run(clientAddress, run);
}

/** The address of the HTTP request being answered; null outside one (a job, a test calling a service). */
export function requestClientAddress(): string | null {
  const address = requestAddress.getStore();
  return address && address !== "unknown" ? address : null;
}
