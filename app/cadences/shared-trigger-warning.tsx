import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { firstDaySentence, type SharedTrigger } from "./shared-triggers";

/** The warning of cadences that share a trigger (decision 050): who shares it, and what one new lead gets in its first day. */
export function SharedTriggerWarning({ shared }: { shared: SharedTrigger }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{firstDaySentence(shared)}</span>
      </p>
      <p>
        {shared.cadences.map((cadence) => cadence.name).join(", ")}. Pause one, change its trigger, or give its first step a delay.
      </p>
      {shared.firstDay.length > 0 ? (
        <ol className="grid list-decimal gap-0.5 pl-6" aria-label={`What a new lead gets in its first day on “${shared.label}”`}>
          {shared.firstDay.map((mail, index) => (
            <li key={index}>
              <span className="font-medium">{mail.when}</span>: {mail.templateName} <span className="text-amber-900/80">({mail.cadenceName})</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
