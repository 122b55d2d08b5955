import type { OnDemandDialogProps } from "~/ui/on-demand";
import type { PromoPlacement } from "~/leads/inquiry-form";
import { ModalDialog } from "~/ui/modal-dialog";
import { PromoClaimForm } from "./promo-claim-form";

/** The $99 claim in a dialog: the timed popup and the sticky button open it. Loaded on first use. */
export default function PromoDialog({ placement, ...dialog }: OnDemandDialogProps & { placement: PromoPlacement }) {
  return (
    <ModalDialog
      {...dialog}
      width="md"
      title="Launch offer: your website for $99"
      description="A complete, mobile-ready Starter website for $99 instead of $199. Claim your code now; it stays valid for 7 days."
    >
      <PromoClaimForm placement={placement} idPrefix={`promo-${placement}`} onClaimed={() => dialog.onOpenChange(false)} />
    </ModalDialog>
  );
}
