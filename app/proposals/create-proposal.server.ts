import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { addDaysToDate } from "~/availability/slot-time";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { isTierId } from "~/organization/tier-catalog";
import { notFound } from "~/refusal/refusal";
import { listContractTemplates } from "./contract-templates.server";
import { recordProposalChange } from "./proposal-records.server";
import { saveProposalOptions } from "./proposal-options.server";
import { proposals, type Proposal } from "./schema";

export type CreateProposalOptions = { actor: Actor; recipient: { leadId: string } | { clientId: string }; now?: Date };

/** How long a new proposal is open by default. */
const DEFAULT_VALID_DAYS = 14;

/**
 * 'New proposal' from a lead's or a client's row: a draft for them with the package they asked
 * for, the default contract, a 50% deposit and an expiry two weeks out, to edit before sending.
 */
export async function createProposal({ actor, recipient, now = new Date() }: CreateProposalOptions): Promise<Proposal> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const person =
      "leadId" in recipient
        ? (await tx.select({ id: leads.id, name: leads.name, email: leads.email, tier: leads.tier }).from(leads).where(eq(leads.id, recipient.leadId)))[0]
        : (await tx.select({ id: clients.id, name: clients.name, email: clients.email, tier: clients.tier }).from(clients).where(eq(clients.id, recipient.clientId)))[0];
    if (!person) throw notFound("leadId" in recipient ? "Lead not found" : "Client not found");
    const [template] = await listContractTemplates(tx);
    const [proposal] = await tx
      .insert(proposals)
      .values({
        title: `Website proposal for ${person.name}`,
        leadId: "leadId" in recipient ? person.id : null,
        clientId: "clientId" in recipient ? person.id : null,
        recipientName: person.name,
        recipientEmail: person.email,
        contractTemplateId: template?.id ?? null,
        expiresOn: addDaysToDate(dayIn(now, settings.timezone), DEFAULT_VALID_DAYS),
      })
      .returning();
    if (!proposal) throw new Error("The proposal was not saved");
    const tier = person.tier && isTierId(person.tier) ? person.tier : "1";
    await saveProposalOptions(tx, proposal.id, { tiers: [tier], includedAddOns: [], optionalAddOns: [] });
    await recordProposalChange(tx, actor, proposal, { intent: "create", summary: "Created a proposal", details: recipient });
    return proposal;
  });
}
