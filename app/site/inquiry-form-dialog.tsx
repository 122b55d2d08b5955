import type { OnDemandDialogProps } from "~/ui/on-demand";
import { ModalDialog } from "~/ui/modal-dialog";
import { InquiryForm, InquiryPresetNote, inquiryIntro } from "./inquiry-form";
import { useLaunchOffer } from "./launch-offer";
import type { InquiryPreset } from "./inquiry-preset";

/** The inquiry dialog (spec 000, Inquiry dialog): clears and closes on success. */
export default function InquiryFormDialog({ preset, ...dialog }: OnDemandDialogProps & { preset: InquiryPreset }) {
  const intro = inquiryIntro(preset, useLaunchOffer());
  return (
    <ModalDialog {...dialog} title={intro.title} description={intro.description}>
      <InquiryPresetNote preset={preset} />
      <InquiryForm preset={preset} idPrefix="inquiry" onSuccess={() => dialog.onOpenChange(false)} />
    </ModalDialog>
  );
}
