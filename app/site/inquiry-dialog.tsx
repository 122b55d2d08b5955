import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { BUSINESS_TYPES, INDUSTRIES, type LeadTier } from "~/leads/lead-options";
import type { InquiryResult } from "~/leads/inquiry-route";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import { toast } from "~/ui/toaster";

export type InquiryPreset = { tier?: LeadTier; promo?: boolean };

type InquiryDialogContextValue = { openInquiry: (preset?: InquiryPreset) => void };

const InquiryDialogContext = createContext<InquiryDialogContextValue | null>(null);

/** Any button on the public site opens the one inquiry dialog with its preset tier and promo flag. */
export function useInquiryDialog(): InquiryDialogContextValue {
  const context = useContext(InquiryDialogContext);
  if (!context) throw new Error("useInquiryDialog must be used inside InquiryDialogProvider");
  return context;
}

export function InquiryDialogProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [preset, setPreset] = useState<InquiryPreset>({});
  const openInquiry = useCallback((next: InquiryPreset = {}) => {
    setPreset(next);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openInquiry }), [openInquiry]);
  return (
    <InquiryDialogContext.Provider value={value}>
      {children}
      <InquiryDialog open={open} onOpenChange={setOpen} preset={preset} />
    </InquiryDialogContext.Provider>
  );
}

function InquiryDialog({
  open,
  onOpenChange,
  preset,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preset: InquiryPreset;
}) {
  const fetcher = useFetcher<InquiryResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  // Each answer is handled once, even if the effect runs again.
  const handledResult = useRef<InquiryResult | undefined>(undefined);
  useEffect(() => {
    if (!result || handledResult.current === result) return;
    handledResult.current = result;
    if (result.ok) {
      toast.success("Thank you!", { description: "We'll get back to you within 24-48 hours. Check your email!" });
      formRef.current?.reset();
      onOpenChange(false);
    } else if (result.error) {
      // The dialog stays open with everything the visitor typed.
      toast.error("Error", { description: result.error });
    }
  }, [result, onOpenChange]);

  const promo = preset.promo === true;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{promo ? "Claim Your $99 Website" : "Tell Us About Your Project"}</DialogTitle>
          <DialogDescription>
            {promo
              ? "Share a few details and we'll reserve the $99 launch price for you."
              : "Share a few details and we'll reply within 24-48 hours."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/inquiry" className="grid gap-4">
          <input type="hidden" name="tier" value={preset.tier ?? ""} />
          <input type="hidden" name="promo" value={promo ? "true" : "false"} />
          <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="inquiry-website">Leave this field empty</label>
            <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <FormField label="Name" name="name" id="inquiry-name" error={fieldErrors.name} required>
            <Input autoComplete="name" maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" id="inquiry-email" error={fieldErrors.email} required>
            <Input type="email" autoComplete="email" maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" id="inquiry-phone" error={fieldErrors.phone}>
            <Input type="tel" autoComplete="tel" maxLength={40} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Business type" name="businessType" id="inquiry-business-type" error={fieldErrors.businessType}>
              <NativeSelect defaultValue="">
                <option value="">Select…</option>
                {BUSINESS_TYPES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Industry" name="industry" id="inquiry-industry" error={fieldErrors.industry}>
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
          <FormField label="Message" name="message" id="inquiry-message" error={fieldErrors.message}>
            <Textarea rows={4} maxLength={5000} placeholder="What does your business do, and what should the site help with?" />
          </FormField>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Sending..." : promo ? "Claim My $99 Website" : "Send Inquiry"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
