import { asc, desc, eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { chainEvent, verifyChain, type ChainedEvent } from "~/signing/contract-hash";
import type { ProposalEventKind } from "./proposal-options";
import { proposalEvents, type ProposalEvent } from "./schema";

/** Where a step came from: the client's address and browser, or none for the agency's and the worker's steps. */
export type StepOrigin = { ipAddress: string | null; userAgent: string | null };

export const NO_ORIGIN: StepOrigin = { ipAddress: null, userAgent: null };

/**
 * Appends an event to the proposal's record, chained to the one before (decision 049). The caller
 * holds the proposal's row lock, so two steps at once cannot both take the same place; the unique
 * (proposal, sequence) is the backstop.
 */
export async function appendProposalEvent(
  tx: DatabaseExecutor,
  event: { proposalId: string; versionId: string | null; kind: ProposalEventKind; at: Date; origin: StepOrigin; details?: Record<string, unknown> },
): Promise<ProposalEvent> {
  const [last] = await tx.select().from(proposalEvents).where(eq(proposalEvents.proposalId, event.proposalId)).orderBy(desc(proposalEvents.sequence)).limit(1);
  const chained = chainEvent(last ? { hash: last.hash } : null, {
    kind: event.kind,
    occurredAt: event.at,
    ipAddress: event.origin.ipAddress,
    userAgent: event.origin.userAgent,
    details: event.details ?? {},
  });
  const [row] = await tx
    .insert(proposalEvents)
    .values({ ...chained, kind: event.kind, proposalId: event.proposalId, versionId: event.versionId, sequence: (last?.sequence ?? 0) + 1 })
    .returning();
  if (!row) throw new Error("The proposal's event was not recorded");
  return row;
}

export async function proposalEventsOf(executor: DatabaseExecutor, proposalId: string): Promise<ProposalEvent[]> {
  return executor.select().from(proposalEvents).where(eq(proposalEvents.proposalId, proposalId)).orderBy(asc(proposalEvents.sequence));
}

function asChained(event: ProposalEvent): ChainedEvent {
  return { kind: event.kind, occurredAt: event.occurredAt, ipAddress: event.ipAddress, userAgent: event.userAgent, details: event.details, previousHash: event.previousHash, hash: event.hash };
}

/** Whether the proposal's record is the unbroken chain it was written as. */
export async function verifyProposalRecord(executor: DatabaseExecutor, proposalId: string) {
  return verifyChain((await proposalEventsOf(executor, proposalId)).map(asChained));
}
