// The cadence vocabulary shared by the editor, the sandbox and the worker. Pure: no database imports.

import { choiceLabel, choiceValues } from "~/formatting/choices";

export const CADENCE_STATUSES = ["active", "paused"] as const;
export type CadenceStatus = (typeof CADENCE_STATUSES)[number];

/** What enrols a lead: an event of the product, or an admin choosing leads on the leads list. */
export const CADENCE_TRIGGERS = [
  { value: "promo_claimed", label: "Promo claimed" },
  { value: "inquiry_received", label: "Inquiry received" },
  { value: "contact_message_received", label: "Contact message received" },
  { value: "booking_invitation_sent", label: "Booking invitation sent" },
  { value: "client_converted", label: "Lead converted to client" },
  { value: "manual", label: "Manual enrolment" },
] as const;
export type CadenceTrigger = (typeof CADENCE_TRIGGERS)[number]["value"];
export const CADENCE_TRIGGER_VALUES = choiceValues(CADENCE_TRIGGERS);

export function triggerLabel(trigger: string): string {
  return choiceLabel(CADENCE_TRIGGERS, trigger) ?? trigger;
}

/** A step goes out only if each of its conditions holds at send time; otherwise it is skipped. */
export const CADENCE_CONDITIONS = [
  { value: "not_converted", label: "Lead is not converted", skipped: "the lead is converted" },
  { value: "not_booked", label: "Lead has not booked a consultation", skipped: "the lead has booked a consultation" },
  { value: "promo_active", label: "Lead still holds an active promo", skipped: "the lead's promo is not active" },
  { value: "not_contacted", label: "Lead has not been contacted or replied", skipped: "the lead has been contacted" },
] as const;
export type CadenceCondition = (typeof CADENCE_CONDITIONS)[number]["value"];
export const CADENCE_CONDITION_VALUES = choiceValues(CADENCE_CONDITIONS);

export const DELAY_UNITS = ["days", "hours"] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];

/** One step: send `templateId` `delayAmount` days (business calendar) or hours after enrolment, if `conditions` hold. */
export type CadenceStep = {
  delayAmount: number;
  delayUnit: DelayUnit;
  templateId: string;
  conditions: CadenceCondition[];
};

export const ENROLMENT_STATUSES = ["active", "ended"] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export const ENROLMENT_END_REASONS = ["converted", "booked", "unsubscribed", "completed", "removed"] as const;
export type EnrolmentEndReason = (typeof ENROLMENT_END_REASONS)[number];

export const END_REASON_TEXT: Record<EnrolmentEndReason, string> = {
  converted: "the lead converted to a client",
  booked: "the lead booked a consultation",
  unsubscribed: "the address unsubscribed or is suppressed",
  completed: "every step was handled",
  removed: "the cadence was deleted",
};

export const STEP_SEND_STATUSES = ["sent", "skipped"] as const;
export type StepSendStatus = (typeof STEP_SEND_STATUSES)[number];

/** Why a step was skipped: a condition that failed, the address suppressed, or its template gone. */
export type StepSkipReason = CadenceCondition | "unsubscribed" | "template_missing";

export function skipReasonText(reason: string): string {
  if (reason === "unsubscribed") return "the address unsubscribed or is suppressed";
  if (reason === "template_missing") return "its template was deleted";
  return CADENCE_CONDITIONS.find((condition) => condition.value === reason)?.skipped ?? reason;
}

export function conditionLabel(condition: string): string {
  return choiceLabel(CADENCE_CONDITIONS, condition) ?? condition;
}

/** A cadence as a select's choice: a paused one says so. */
export function cadenceChoice(cadence: { id: string; name: string; status: string }): { value: string; label: string } {
  return { value: cadence.id, label: cadence.status === "paused" ? `${cadence.name} (paused)` : cadence.name };
}
