import { ModalDialog } from "~/ui/modal-dialog";
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
    <ModalDialog open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} title={intro.title} description={intro.description}>
      <InquiryPresetNote preset={preset} />
      <InquiryForm preset={preset} idPrefix="inquiry" onSuccess={() => onOpenChange(false)} />
    </ModalDialog>
  );
}
