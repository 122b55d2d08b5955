import { usePublicFormPost } from "~/forms/use-public-form-post";
import type { ClaimedPromo, PromoClaimResult } from "~/leads/capture-outcome";
import type { PromoPlacement } from "~/leads/inquiry-form";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { HoneypotField } from "~/request-safety/honeypot-field";
import { useLaunchOffer } from "./launch-offer";
import { markPopupSeen, markPromoClaimed } from "./promo-offer-state";

/**
 * The launch offer's claim form (popup, sticky button, packages page): full name, e-mail and phone.
 * With JavaScript it posts to /promo-claim; without, to the packages page's action.
 */
export function PromoClaimForm({
  placement,
  idPrefix,
  onClaimed,
  initialOutcome,
}: {
  placement: PromoPlacement;
  idPrefix: string;
  onClaimed?: (claimed: ClaimedPromo) => void;
  /** What the page's action answered when the form was posted without JavaScript. */
  initialOutcome?: PromoClaimResult;
}) {
  const { promoPrice } = useLaunchOffer();
  const { submitting, errors, values, formError, onSubmit } = usePublicFormPost<ClaimedPromo>("/promo-claim", {
    initial: initialOutcome,
    onSuccess: (claimed) => {
      markPromoClaimed();
      markPopupSeen();
      onClaimed?.(claimed);
    },
  });

  return (
    <form method="post" action="/packages" onSubmit={onSubmit} className="grid gap-4" noValidate={false}>
      <input type="hidden" name="placement" value={placement} />
      <HoneypotField id={`${idPrefix}-website`} />
      <FormField label="Full name" name="name" id={`${idPrefix}-name`} error={errors.name} required>
        <Input autoComplete="name" maxLength={120} defaultValue={values.name} />
      </FormField>
      <FormField label="Email" name="email" id={`${idPrefix}-email`} error={errors.email} required>
        <Input type="email" autoComplete="email" maxLength={254} defaultValue={values.email} />
      </FormField>
      <FormField label="Phone" name="phone" id={`${idPrefix}-phone`} error={errors.phone} required>
        <Input type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Claiming..." : `Claim My ${promoPrice} Website`}
      </Button>
      <p className="text-xs text-muted-foreground">
        We'll e-mail your code right away. No payment now, no spam, and you can reply any time with questions.
      </p>
    </form>
  );
}
