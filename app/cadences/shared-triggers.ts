import { triggerLabel, type CadenceStep } from "./cadence-options";
import { delayText } from "./cadence-schedule";

/**
 * Cadences that share a trigger (decision 050): every active cadence with a lead's trigger enrols
 * it, so four cadences on "Promo claimed" each send their Day 0 step to a new lead within a minute.
 * Such cadences are flagged where they are listed and saved, with what one new lead would receive
 * in its first day. Pure: the list, the editor and their tests read one rule.
 */
export type CadenceSummary = {
  id: string;
  name: string;
  trigger: string;
  status: string;
  steps: readonly Pick<CadenceStep, "delayAmount" | "delayUnit" | "templateId">[];
};

/** One e-mail a new lead gets in its first day: when (after enrolment), what, from which cadence. */
export type FirstDayMail = { cadenceName: string; when: string; templateName: string; minutes: number };

export type SharedTrigger = { trigger: string; label: string; cadences: { id: string; name: string }[]; firstDay: FirstDayMail[] };

const DAY_MINUTES = 24 * 60;

/** A step's delay after enrolment, in minutes (a day as 24 hours, the nominal length). */
export function stepMinutes(step: Pick<CadenceStep, "delayAmount" | "delayUnit">): number {
  return step.delayAmount * (step.delayUnit === "hours" ? 60 : DAY_MINUTES);
}

/**
 * The e-mails a lead enrolled in all of these cadences at once would get in its first 24 hours,
 * in the order they go out. Each step's delay counts from enrolment, so every cadence's Day 0 step
 * goes out at once. (A step whose conditions fail when it falls due is skipped then: this is at most.)
 */
export function firstDayMails(cadences: readonly CadenceSummary[], templateName: (templateId: string) => string): FirstDayMail[] {
  return cadences
    .flatMap((cadence) =>
      cadence.steps
        .filter((step) => stepMinutes(step) < DAY_MINUTES)
        .map((step) => ({ cadenceName: cadence.name, when: delayText(step), templateName: templateName(step.templateId), minutes: stepMinutes(step) })),
    )
    .sort((a, b) => a.minutes - b.minutes || a.cadenceName.localeCompare(b.cadenceName));
}

/** The triggers that enrol a lead in more than one active cadence (a manual enrolment picks one cadence: never shared). */
export function sharedTriggers(cadences: readonly CadenceSummary[], templateName: (templateId: string) => string): SharedTrigger[] {
  const byTrigger = new Map<string, CadenceSummary[]>();
  for (const cadence of cadences) {
    if (cadence.status !== "active" || cadence.trigger === "manual") continue;
    byTrigger.set(cadence.trigger, [...(byTrigger.get(cadence.trigger) ?? []), cadence]);
  }
  return [...byTrigger]
    .filter(([, sharing]) => sharing.length > 1)
    .map(([trigger, sharing]) => ({
      trigger,
      label: triggerLabel(trigger),
      cadences: sharing.map(({ id, name }) => ({ id, name })),
      firstDay: firstDayMails(sharing, templateName),
    }));
}

/**
 * What a cadence being saved with `trigger` shares, with the active cadences `others` (itself left
 * out of them), counting itself as active: null when it shares nothing.
 */
export function sharedWith(cadence: CadenceSummary, others: readonly CadenceSummary[], templateName: (templateId: string) => string): SharedTrigger | null {
  const self = { ...cadence, status: "active" };
  return sharedTriggers([self, ...others.filter((other) => other.id !== cadence.id)], templateName).find((shared) => shared.trigger === cadence.trigger) ?? null;
}

/** A template's name for the warning; a deleted one says so (its step is skipped). */
export const templateNameIn = (names: Record<string, string>) => (templateId: string) => names[templateId] ?? "Template deleted";

/** "A new lead gets 4 e-mails in its first day", the warning's sentence. */
export function firstDaySentence(shared: SharedTrigger): string {
  const count = shared.firstDay.length;
  return `${shared.cadences.length} active cadences start on “${shared.label}”: a new lead gets ${count === 1 ? "1 e-mail" : `${count} e-mails`} from them in its first day.`;
}
