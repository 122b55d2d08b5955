import type { OnDemandDialogProps } from "~/ui/on-demand";
import type { PromoPlacement } from "~/leads/inquiry-form";
import { ModalDialog } from "~/ui/modal-dialog";
import { daysText, useLaunchOffer } from "./launch-offer";
import { PromoClaimForm } from "./promo-claim-form";

/** The launch offer's claim in a dialog: the timed popup and the sticky button open it. Loaded on first use. */
export default function PromoDialog({ placement, ...dialog }: OnDemandDialogProps & { placement: PromoPlacement }) {
  const { tierName, promoPrice, regularPrice, promoDays } = useLaunchOffer();
  return (
    <ModalDialog
      {...dialog}
      width="md"
      title={`Launch offer: your website for ${promoPrice}`}
      description={`A complete, mobile-ready ${tierName} website for ${promoPrice} instead of ${regularPrice}. Claim your code now; it stays valid for ${daysText(promoDays)}.`}
    >
      <PromoClaimForm placement={placement} idPrefix={`promo-${placement}`} onClaimed={() => dialog.onOpenChange(false)} />
    </ModalDialog>
  );
}
