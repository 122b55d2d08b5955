import { usePublicFormPost } from "~/forms/use-public-form-post";
import { BUSINESS_TYPES, INDUSTRIES, LEAD_TIERS } from "~/leads/lead-options";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { HoneypotField } from "~/request-safety/honeypot-field";
import type { InquiryPreset } from "./inquiry-preset";

/** The inquiry dialog (spec 000, Inquiry dialog): name and e-mail required; clears and closes on success. */
export default function InquiryFormDialog({
  open,
  onOpenChange,
  preset,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preset: InquiryPreset;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // A refusal keeps the dialog open with everything the visitor typed; a success clears and closes it.
  const { submitting, errors, formError, onSubmit } = usePublicFormPost("/inquiry", { onSuccess: () => onOpenChange(false) });
  const promo = preset.promo === true;
  const tierLabel = LEAD_TIERS.find((tier) => tier.value === preset.tier)?.label;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{promo ? "Claim Your $99 Website" : "Tell Us About Your Project"}</DialogTitle>
          <DialogDescription>
            {promo
              ? "Share a few details and we'll reserve the $99 launch price for you."
              : "Share a few details and we'll reply within 24-48 hours."}
          </DialogDescription>
        </DialogHeader>
        {tierLabel ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="inquiry-preset">
            Interested in: <strong>{tierLabel}</strong>
            {promo ? " with the $99 launch offer" : ""}
          </p>
        ) : null}
        <form method="post" action="/inquiry" onSubmit={onSubmit} className="grid gap-4">
          <input type="hidden" name="tier" value={preset.tier ?? ""} />
          <input type="hidden" name="promo" value={promo ? "true" : "false"} />
          <HoneypotField id="inquiry-website" />
          <FormField label="Name" name="name" id="inquiry-name" error={errors.name} required>
            <Input autoComplete="name" maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" id="inquiry-email" error={errors.email} required>
            <Input type="email" autoComplete="email" maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" id="inquiry-phone" error={errors.phone}>
            <Input type="tel" autoComplete="tel" maxLength={40} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Business type" name="businessType" id="inquiry-business-type" error={errors.businessType}>
              <NativeSelect defaultValue="">
                <option value="">Select…</option>
                {BUSINESS_TYPES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Industry" name="industry" id="inquiry-industry" error={errors.industry}>
              <NativeSelect defaultValue="">
                <option value="">Select…</option>
                {INDUSTRIES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label="Message" name="message" id="inquiry-message" error={errors.message}>
            <Textarea rows={4} maxLength={5000} placeholder="What does your business do, and what should the site help with?" />
          </FormField>
          {formError ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {formError}
            </p>
          ) : null}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Sending..." : promo ? "Claim My $99 Website" : "Send Inquiry"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
