import { Badge } from "~/ui/badge";
import { LEAD_TIERS, type PromoStatus } from "./lead-options";
import { daysLeftColour, promoDaysLeft, promoStateAt, type PromoFields } from "./promo-state";
import { choiceLabel } from "~/formatting/choices";

// How a lead's values look wherever they are shown (list, detail, dialogs).

export function tierLabel(tier: string | null): string {
  return choiceLabel(LEAD_TIERS, tier) ?? "—";
}

const PROMO_STATE_LABEL: Record<PromoStatus, string> = { active: "Active", expired: "Expired", used: "Used", disabled: "Disabled" };
const PROMO_STATE_VARIANT = { active: "success", expired: "destructive", used: "secondary", disabled: "outline" } as const;

export function PromoStatusBadge({ promo, now }: { promo: PromoFields; now: Date }) {
  const state = promoStateAt(promo, now);
  if (!state) return <span className="text-muted-foreground">—</span>;
  return <Badge variant={PROMO_STATE_VARIANT[state]}>{PROMO_STATE_LABEL[state]}</Badge>;
}

/** Days left of an active promo, coloured as the spec says (app.css, `[data-slot=days-left]`: one pill per row of the leads list); a dash otherwise. */
export function DaysLeft({ promo, now }: { promo: PromoFields; now: Date }) {
  if (promoStateAt(promo, now) !== "active" || !promo.promoExpiresAt) return <span className="text-muted-foreground">—</span>;
  const days = promoDaysLeft(promo.promoExpiresAt, now);
  return (
    <span data-slot="days-left" data-colour={daysLeftColour(days)}>
      {`${days} ${days === 1 ? "day" : "days"}`}
    </span>
  );
}

const BOOKING_LABEL: Record<string, string> = { not_sent: "Not sent", sent: "Sent", booked: "Booked", completed: "Completed" };

export function bookingLabel(status: string): string {
  return BOOKING_LABEL[status] ?? status;
}
