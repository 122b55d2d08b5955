import { asc, eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { dayIn, formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { getOrganizationSettings } from "~/organization/settings.server";
import { tierTaskTemplates } from "~/projects/schema";
import { renderContract } from "./contract-text";
import { chosenOptions, proposalTotals, type ProposalTotals } from "./proposal-money";
import type { Proposal, VersionChoice, VersionOffer } from "./schema";

export type ContractOfChoice = { text: string; totals: ProposalTotals; tierName: string; addOnNames: string[] };

const asLines = (items: readonly string[], none: string) => (items.length > 0 ? items.map((item) => `- ${item}`).join("\n") : none);

/** The version's contract filled with the client's choice: the text they read, freeze and sign. */
export async function contractOfChoice(
  tx: DatabaseExecutor,
  proposal: Pick<Proposal, "recipientName" | "recipientEmail" | "expiresOn">,
  offer: VersionOffer,
  choice: VersionChoice,
  now: Date,
): Promise<ContractOfChoice> {
  const settings = await getOrganizationSettings(tx);
  const totals = proposalTotals(offer.options, offer, choice);
  const chosen = chosenOptions(offer.options, choice);
  const tier = chosen.find((option) => option.kind === "tier");
  const addOnNames = chosen.filter((option) => option.kind === "add_on").map((option) => option.name);
  const scope = tier?.tier
    ? await tx.select({ taskName: tierTaskTemplates.taskName }).from(tierTaskTemplates).where(eq(tierTaskTemplates.tier, tier.tier)).orderBy(asc(tierTaskTemplates.sortOrder))
    : [];
  const text = renderContract(offer.templateBody, {
    ClientName: proposal.recipientName,
    ClientEmail: proposal.recipientEmail,
    BusinessName: settings.companyName ?? "Our studio",
    Package: tier?.name ?? "",
    AddOns: asLines(addOnNames, "None"),
    Scope: asLines(scope.map((task) => task.taskName), "As described in the package."),
    Price: formatCents(totals.totalCents),
    Deposit: formatCents(totals.depositCents),
    Remainder: formatCents(totals.remainderCents),
    Date: formatDay(dayIn(now, settings.timezone)),
    ExpiryDate: proposal.expiresOn ? formatDay(proposal.expiresOn) : "further notice",
  });
  return { text, totals, tierName: tier?.name ?? "", addOnNames };
}
