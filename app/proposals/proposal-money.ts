// The money of a proposal: what the client's choice costs and the deposit it asks. Pure, so the
// client's page shows the total as they pick and the server recomputes it the same way.
import type { DepositRule } from "./proposal-options";

export type PricedOption = { id: string; kind: "tier" | "add_on"; priceCents: number; included: boolean };
export type MoneyRules = { discountCents: number; depositRule: DepositRule; depositValue: number };
export type Choice = { tierOptionId: string; addOnOptionIds: readonly string[] };

export type ProposalTotals = { subtotalCents: number; discountCents: number; totalCents: number; depositCents: number; remainderCents: number };

/** The deposit of a total: a percent of it (rounded to the cent) or a fixed amount, never more than the total. */
export function depositCents(totalCents: number, rule: DepositRule, value: number): number {
  const asked = rule === "percent" ? Math.round((totalCents * Math.min(Math.max(value, 0), 100)) / 100) : Math.max(value, 0);
  return Math.min(asked, totalCents);
}

/** The options a choice takes: the chosen package, the included add-ons and the optional ones picked. */
export function chosenOptions<T extends PricedOption>(options: readonly T[], choice: Choice): T[] {
  const picked = new Set(choice.addOnOptionIds);
  return options.filter((option) =>
    option.kind === "tier" ? option.id === choice.tierOptionId : option.included || picked.has(option.id),
  );
}

/** A choice is valid when it names one of the packages and only optional add-ons of the offer. */
export function isValidChoice(options: readonly PricedOption[], choice: Choice): boolean {
  const tier = options.find((option) => option.id === choice.tierOptionId);
  if (!tier || tier.kind !== "tier") return false;
  return choice.addOnOptionIds.every((id) => options.some((option) => option.id === id && option.kind === "add_on" && !option.included));
}

/** The total of a choice: its options, less the discount (never below zero), and the deposit of it. */
export function proposalTotals(options: readonly PricedOption[], rules: MoneyRules, choice: Choice): ProposalTotals {
  const subtotalCents = chosenOptions(options, choice).reduce((sum, option) => sum + option.priceCents, 0);
  const discountCents = Math.min(Math.max(rules.discountCents, 0), subtotalCents);
  const totalCents = subtotalCents - discountCents;
  const deposit = depositCents(totalCents, rules.depositRule, rules.depositValue);
  return { subtotalCents, discountCents, totalCents, depositCents: deposit, remainderCents: totalCents - deposit };
}
