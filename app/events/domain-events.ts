import type { DatabaseExecutor } from "~/db/connection.server";

/**
 * How domains meet without importing upward (decision 048): a domain publishes what happened to
 * its records ("lead.converted"), and the domains that act on it (cadences, referrals, invoices)
 * handle it inside the same transaction, so the cause and its effects commit or roll back together.
 *
 * Every event is declared by the domain that publishes it, in its own `events.ts`, by adding to
 * this interface (`declare module "~/events/domain-events"`): its name and what it carries. An
 * event may carry a reply its publisher reads after the handlers ran (the first invoice a
 * conversion drafted); a handler refuses by throwing a `Refusal`, which rolls the cause back.
 * Handlers are registered in one place, app/domain-event-handlers.server.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's declaration
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;

/** A reply an event carries: a handler sets `value`; the publisher reads it after `publish`. */
export type Reply<T> = { value: T | null };

/** A reply not answered yet, for a publisher to send with its event. */
export function awaitingReply<T>(): Reply<T> {
  return { value: null };
}
export type DomainEventHandler<Name extends DomainEventName> = (tx: DatabaseExecutor, event: DomainEvents[Name]) => Promise<void>;

const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
let composed = false;

/** Registers what happens when `name` is published (app/domain-event-handlers.server.ts only). */
export function onDomainEvent<Name extends DomainEventName>(name: Name, handler: DomainEventHandler<Name>): void {
  const list = handlers.get(name) ?? [];
  list.push(handler as DomainEventHandler<never>);
  handlers.set(name, list);
}

/** Marks the handlers as registered: from now on an event is published to them. */
export function markDomainEventsComposed(): void {
  composed = true;
}

export function domainEventsComposed(): boolean {
  return composed;
}

/**
 * Runs every handler of `name`, one after the other, in `tx` (the publisher's transaction). A
 * process whose handlers were never registered refuses to publish: an effect silently skipped
 * (a lead enrolled in no cadence) would be worse than the error.
 */
export async function publish<Name extends DomainEventName>(tx: DatabaseExecutor, name: Name, event: DomainEvents[Name]): Promise<void> {
  if (!composed) throw new Error(`"${String(name)}" was published before the domain event handlers were registered (composeDomainEvents)`);
  for (const handler of handlers.get(name) ?? []) await (handler as DomainEventHandler<Name>)(tx, event);
}
