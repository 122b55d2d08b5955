import { eq } from "drizzle-orm";
import { addOns } from "~/add-ons/schema";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { organizationSettings } from "~/organization/schema";
import { createProposal } from "~/proposals/create-proposal.server";
import { freezeContract } from "~/proposals/freeze-contract.server";
import { updateProposal } from "~/proposals/update-proposal.server";
import { sendProposal } from "~/proposals/send-proposal.server";
import type { ProposalEditorInput } from "~/proposals/proposal-forms";
import { contractTemplates } from "~/proposals/schema";
import { testActor } from "./actors";

export const BROWSER = { ipAddress: "198.51.100.23", userAgent: "Mozilla/5.0 (test phone)" };

/**
 * A lead (tier 2) with a proposal of two packages (Starter $199, Growth Site $249), an included
 * add-on ($50) and an optional one ($75), a $49 discount and a 50% deposit, sent: its link's token.
 */
export async function aSentProposal(changes: Partial<ProposalEditorInput> = {}) {
  const actor = testActor();
  await db().update(organizationSettings).set({ companyName: "Bright Pixel Studio", replyToEmail: "studio@example.com" });
  const [lead] = await db().insert(leads).values({ name: "Jordan Rivera", email: "jordan@example.com", source: "website", tier: "2" }).returning();
  const [included] = await db().insert(addOns).values({ name: "Logo refresh", flatPriceCents: 5_000 }).returning();
  const [optional] = await db().insert(addOns).values({ name: "SEO setup", flatPriceCents: 7_500 }).returning();
  const [template] = await db().select().from(contractTemplates).where(eq(contractTemplates.isDefault, true));
  if (!lead || !included || !optional || !template) throw new Error("scene not made");
  const proposal = await createProposal({ actor, recipient: { leadId: lead.id } });
  await updateProposal({
    actor,
    proposalId: proposal.id,
    input: {
      title: "Website for Jordan",
      tiers: ["1", "2"],
      includedAddOns: [included.id],
      optionalAddOns: [optional.id],
      discount: 4_900,
      depositRule: "percent",
      depositPercent: 50,
      depositFixed: 0,
      expiresOn: "2099-12-31",
      note: "Looking forward to it!",
      contractTemplateId: template.id,
      reminderDays: [3, 7],
      ...changes,
    },
  });
  const { version, link } = await sendProposal({ actor, proposalId: proposal.id });
  const option = (name: string) => {
    const found = version.offer.options.find((candidate) => candidate.name.includes(name));
    if (!found) throw new Error(`no option ${name}`);
    return found.id;
  };
  return { actor, lead, proposal, version, link, token: version.token, growth: option("Growth"), starter: option("Starter"), seo: option("SEO") };
}

/** The client chose Growth Site with SEO and read the agreement: the hash they then sign. */
export async function readAndFreeze(token: string, choice: { tierOptionId: string; addOnOptionIds: string[] }) {
  return freezeContract({ token, choice, origin: BROWSER });
}
