import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { InquiryForm, InquiryPresetNote, inquiryIntro } from "./inquiry-form";
import type { InquiryPreset } from "./inquiry-preset";

/** The inquiry dialog (spec 000, Inquiry dialog): clears and closes on success. */
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
  const intro = inquiryIntro(preset);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{intro.title}</DialogTitle>
          <DialogDescription>{intro.description}</DialogDescription>
        </DialogHeader>
        <InquiryPresetNote preset={preset} />
        <InquiryForm preset={preset} idPrefix="inquiry" onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
