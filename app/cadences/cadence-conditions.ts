import type { Lead } from "~/leads/schema";
import { promoStateAt } from "~/leads/promo-state";
import type { CadenceCondition } from "./cadence-options";

// A step's conditions, checked when it falls due. Pure: the worker calls it, the tests read it.

export type LeadStateForConditions = Pick<Lead, "status" | "bookingStatus" | "promoCode" | "promoStatus" | "promoExpiresAt">;

function holds(condition: CadenceCondition, lead: LeadStateForConditions, now: Date): boolean {
  switch (condition) {
    case "not_converted":
      return lead.status !== "converted";
    case "not_booked":
      return lead.bookingStatus !== "booked" && lead.bookingStatus !== "completed";
    case "promo_active":
      return promoStateAt(lead, now) === "active";
    case "not_contacted":
      return lead.status === "new";
  }
}

/** The first condition that does not hold (the step is then skipped for that reason), or null when it may go. */
export function failedCondition(conditions: readonly CadenceCondition[], lead: LeadStateForConditions, now: Date): CadenceCondition | null {
  return conditions.find((condition) => !holds(condition, lead, now)) ?? null;
}
