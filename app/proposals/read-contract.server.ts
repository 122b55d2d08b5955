import { db } from "~/db/connection.server";
import { contractOfChoice } from "./proposal-contract.server";
import { isValidChoice } from "./proposal-money";
import { versionOfToken } from "./proposal-records.server";
import { proposals, type VersionChoice } from "./schema";
import { eq } from "drizzle-orm";

/** The agreement as the client's choice fills it, to read before going on; null for a choice the offer does not hold. */
export async function readContract({ token, choice, now = new Date() }: { token: string; choice: VersionChoice; now?: Date }): Promise<string | null> {
  const version = await versionOfToken(db(), token);
  if (!version || !isValidChoice(version.offer.options, choice)) return null;
  const [proposal] = await db().select().from(proposals).where(eq(proposals.id, version.proposalId));
  if (!proposal) return null;
  return (await contractOfChoice(db(), proposal, version.offer, choice, now)).text;
}
