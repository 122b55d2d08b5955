import { choiceLabel } from "~/formatting/choices";
import type { FormResult } from "~/forms/form-result";
import { usePublicFormPost } from "~/forms/use-public-form-post";
import { BUSINESS_TYPES, INDUSTRIES, LEAD_TIERS } from "~/leads/lead-options";
import { HoneypotField } from "~/request-safety/honeypot-field";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { OptionSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { REPLY_WITHIN } from "~/organization/reply-promise";
import { inquiryPageHref, type InquiryPreset } from "./inquiry-preset";
import { useLaunchOffer, type LaunchOffer } from "./launch-offer";
import { markPopupSeen, markPromoClaimed } from "./promo-offer-state";
import { HiddenInputs } from "~/forms/hidden-inputs";

/** The inquiry's heading and lead-in, in the dialog and on its own page alike, with the offer's price from the catalog. */
export function inquiryIntro(preset: InquiryPreset, { promoPrice }: Pick<LaunchOffer, "promoPrice">) {
  const promo = preset.promo === true;
  return {
    title: promo ? `Claim Your ${promoPrice} Website` : "Tell Us About Your Project",
    description: promo
      ? `Share a few details and we'll reserve the ${promoPrice} launch price for you.`
      : `Share a few details and we'll reply within ${REPLY_WITHIN}.`,
  };
}

/** 'Interested in: Tier 1 – Starter with the $99 launch offer', when a tier is preset. */
export function InquiryPresetNote({ preset }: { preset: InquiryPreset }) {
  const { promoPrice } = useLaunchOffer();
  const tierLabel = choiceLabel(LEAD_TIERS, preset.tier);
  if (!tierLabel) return null;
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="inquiry-preset">
      Interested in: <strong>{tierLabel}</strong>
      {preset.promo ? ` with the ${promoPrice} launch offer` : ""}
    </p>
  );
}

/**
 * The inquiry form (spec 000, Inquiry dialog): name and e-mail required. With JavaScript it posts
 * to the JSON endpoint and a refusal keeps what was typed; without, it posts to the inquiry's own
 * page, which answers it (`initial` is that page's answer to a refused post).
 */
export function InquiryForm({
  preset,
  idPrefix,
  onSuccess,
  initial,
  submissionKey,
}: {
  preset: InquiryPreset;
  idPrefix: string;
  onSuccess: () => void;
  initial?: FormResult;
  /** The page's one-time key for this form (its own page has one): a second post of it makes no second lead. */
  submissionKey?: string;
}) {
  const promo = preset.promo === true;
  const { promoPrice } = useLaunchOffer();
  const { submitting, errors, values, formError, onSubmit } = usePublicFormPost("/inquiry", {
    initial,
    onSuccess: () => {
      // A promo inquiry claims a code, as the offer's own form does: the popup and the sticky button go.
      if (promo) {
        markPromoClaimed();
        markPopupSeen();
      }
      onSuccess();
    },
  });
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <form method="post" action={inquiryPageHref(preset)} onSubmit={onSubmit} className="grid gap-4">
      <HiddenInputs fields={{ tier: preset.tier ?? "", promo: promo ? "true" : "false", submissionKey: submissionKey || null }} />
      <HoneypotField id={id("website")} />
      <FormField label="Name" name="name" id={id("name")} error={errors.name} required>
        <Input autoComplete="name" maxLength={120} defaultValue={values.name} />
      </FormField>
      <FormField label="Email" name="email" id={id("email")} error={errors.email} required>
        <Input type="email" autoComplete="email" maxLength={254} defaultValue={values.email} />
      </FormField>
      <FormField label="Phone" name="phone" id={id("phone")} error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Business type" name="businessType" id={id("business-type")} error={errors.businessType}>
          <OptionSelect options={BUSINESS_TYPES} emptyLabel="Select…" defaultValue={values.businessType} />
        </FormField>
        <FormField label="Industry" name="industry" id={id("industry")} error={errors.industry}>
          <OptionSelect options={INDUSTRIES} emptyLabel="Select…" defaultValue={values.industry} />
        </FormField>
      </div>
      <FormField label="Message" name="message" id={id("message")} error={errors.message}>
        <Textarea rows={4} maxLength={5000} defaultValue={values.message} placeholder="What does your business do, and what should the site help with?" />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Sending..." : promo ? `Claim My ${promoPrice} Website` : "Send Inquiry"}
      </Button>
    </form>
  );
}
